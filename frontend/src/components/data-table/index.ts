export * from './data-table';
export * from './table-search';
export * from './use-server-table';
