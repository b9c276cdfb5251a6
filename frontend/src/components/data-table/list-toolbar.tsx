import type { ReactNode } from 'react';
import { TableFilter, TableFilters } from './table-filters';
import { TableSearch } from './table-search';
import type { ServerTable } from './use-server-table';

/** One select of a list's toolbar, kept in the URL under `key` (a filter declared in useServerTable's `filters`). */
export interface ListFilter {
  key: string;
  /** What it filters, lower case: "role" names it "Filter by role". */
  name: string;
  /** Shown when nothing is chosen: "All roles". */
  placeholder: string;
  options?: { value: string; label: string }[];
  width?: number;
  loading?: boolean;
  /** Leave the filter out (one kind of list has it, another not). */
  hidden?: boolean;
}

export interface ListToolbarProps {
  table: Pick<ServerTable, 'filters' | 'setFilter' | 'onSearch' | 'search'>;
  /** The selects, in order, each wired to its filter of `table`. */
  filters?: ListFilter[];
  /** Placeholder and accessible name of the search box, e.g. "Search client". */
  searchLabel: string;
  /** Other filters (date ranges, a switch), between the selects and the search box. */
  children?: ReactNode;
}

/** A server-paged list's toolbar: its filter selects, any other filter, then the search box, on the right. */
export function ListToolbar({ table, filters = [], searchLabel, children }: ListToolbarProps) {
  return (
    <TableFilters>
      {filters
        .filter((filter) => !filter.hidden)
        .map(({ key, name, placeholder, options, width, loading }) => (
          <TableFilter
            key={key}
            name={name}
            placeholder={placeholder}
            options={options}
            width={width}
            loading={loading}
            value={table.filters[key]}
            onChange={(value) => table.setFilter(key, value)}
          />
        ))}
      {children}
      <TableSearch label={searchLabel} onSearch={table.onSearch} value={table.search} />
    </TableFilters>
  );
}
