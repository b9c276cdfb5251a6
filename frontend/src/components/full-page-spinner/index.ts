export * from './full-page-spinner';
