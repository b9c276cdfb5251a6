export * from './password-fields';
