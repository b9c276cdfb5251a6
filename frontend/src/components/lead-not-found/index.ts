export * from './lead-not-found';
