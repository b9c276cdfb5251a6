export * from './percent';
export * from './percent-input';
