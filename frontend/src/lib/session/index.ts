export * from './session-context';
export * from './session-query';
