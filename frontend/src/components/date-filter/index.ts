export * from './date-filter';
export * from './date-range';
