export * from './connection';
export * from './hooks';
export * from './state';
