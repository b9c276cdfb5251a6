export * from './data-table';
export * from './table-search';
