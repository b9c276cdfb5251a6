export * from './data-table';
export * from './refresh-button';
export * from './row-menu';
export * from './table-search';
export * from './use-server-table';
export * from './use-list-params';
export * from './table-filters';
export * from './list-toolbar';
