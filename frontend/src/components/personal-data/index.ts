export * from './erase-dialog';
