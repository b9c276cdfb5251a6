export * from './call-button';
export * from './use-call-recorded';
