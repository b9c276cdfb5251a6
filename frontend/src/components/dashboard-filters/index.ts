export * from './dashboard-filters';
export * from './filters';
