export * from './approval-route';
