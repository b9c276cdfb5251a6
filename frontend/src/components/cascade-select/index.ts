export * from './cascade-select';
