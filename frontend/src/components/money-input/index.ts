export * from './money';
export * from './money-input';
