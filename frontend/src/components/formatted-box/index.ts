export * from './formatted-box';
