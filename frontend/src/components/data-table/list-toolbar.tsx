import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Flex, Grid } from 'antd';
import { useState, type ReactNode } from 'react';
import { SavedViews } from '@/components/saved-views';
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
  table: Pick<ServerTable, 'filters' | 'setFilter' | 'setFilters' | 'onSearch' | 'search'>;
  /** The selects, in order, each wired to its filter of `table`. */
  filters?: ListFilter[];
  /** Placeholder and accessible name of the search box, e.g. "Search client". */
  searchLabel: string;
  /** At a desk, how wide the search box may grow (280 px unless a long placeholder needs more). */
  searchWidth?: number;
  /** Other filters (date ranges, a switch), between the selects and the search box. */
  children?: ReactNode;
  /** The list's Export button (ExportButton), after its saved views. */
  exporter?: ReactNode;
}

/** More controls than this on a phone, and the filters fold into a Filters button (the search box stays). */
const PHONE_INLINE_FILTERS = 2;

/**
 * A server-paged list's toolbar: its filter selects, any other filter, then the search box, on the right. On a phone
 * a list with many filters shows the search box and a Filters button (with the number in use) that opens them in a
 * sheet from the bottom, so the rows are not pushed a screen down. A list with no filter has its search box alone.
 * A list that is a page of its own offers its saved views first (components/saved-views).
 */
export function ListToolbar({ table, filters = [], searchLabel, searchWidth, children, exporter }: ListToolbarProps) {
  const phone = Grid.useBreakpoint().md === false;
  const [open, setOpen] = useState(false);
  const shown = filters.filter((filter) => !filter.hidden);
  const selects = shown.map(({ key, name, placeholder, options, width, loading }) => (
    <TableFilter
      key={key}
      name={name}
      placeholder={placeholder}
      options={options}
      width={phone ? undefined : width}
      loading={loading}
      value={table.filters[key]}
      onChange={(value) => table.setFilter(key, value)}
    />
  ));
  const controls = shown.length + (children ? 1 : 0);
  const search = (
    <TableSearch
      label={searchLabel}
      onSearch={table.onSearch}
      value={table.search}
      // searched only, on a phone: a line of its own (else its own width)
      style={
        phone && controls === 0
          ? { flex: '1 1 auto' }
          : searchWidth && !phone
            ? { flex: '1 1 260px', maxWidth: searchWidth }
            : undefined
      }
    />
  );
  // a list searched only: its saved views and the search box, on the right of "Show N"
  if (controls === 0) {
    return (
      <Flex gap={8} className="list-search" style={phone ? { flex: '1 1 100%' } : undefined}>
        <SavedViews />
        {exporter}
        {search}
      </Flex>
    );
  }
  if (!phone || controls <= PHONE_INLINE_FILTERS) {
    return (
      <TableFilters>
        <SavedViews />
        {exporter}
        {selects}
        {children}
        {search}
      </TableFilters>
    );
  }
  const inUse = Object.values(table.filters).filter(Boolean).length;
  return (
    <TableFilters>
      <Flex gap={8} className="list-filters__phone">
        <SavedViews />
        {exporter}
        {search}
        <Badge count={inUse} size="small" offset={[-4, 4]}>
          <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} aria-haspopup="dialog">
            Filters
          </Button>
        </Badge>
      </Flex>
      <Drawer
        title="Filters"
        placement="bottom"
        size="auto"
        open={open}
        onClose={() => setOpen(false)}
        extra={
          <Button
            type="link"
            disabled={inUse === 0}
            onClick={() => table.setFilters(Object.fromEntries(Object.keys(table.filters).map((k) => [k, ''])))}
          >
            Clear all
          </Button>
        }
        footer={
          <Button type="primary" block onClick={() => setOpen(false)}>
            Show results
          </Button>
        }
        className="list-filters__sheet"
      >
        <Flex vertical gap={10} className="list-filters list-filters--sheet">
          {selects}
          {children}
        </Flex>
      </Drawer>
    </TableFilters>
  );
}
