export * from './contact-fields';
export * from './contact-form';
export * from './contact-rules';
