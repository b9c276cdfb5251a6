export * from './layer-conditions';
export * from './layer-labels';
