export * from './list-page';
export * from './server-list-page';
