export * from './nav-icon';
