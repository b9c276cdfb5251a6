export * from './data-table';
export * from './row-menu';
export * from './table-search';
export * from './use-server-table';
