export * from './phone';
export * from './phone-input';
