export * from './layer-labels';
