export * from './stage-target';
