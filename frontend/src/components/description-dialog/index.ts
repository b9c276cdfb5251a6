export * from './description';
export * from './description-dialog';
