export * from './form-errors';
