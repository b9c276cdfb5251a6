export * from './authenticator-setup';
export * from './code-input';
export * from './recovery-codes';
export * from './proof';
