export * from './dialogs';
