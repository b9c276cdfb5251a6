import { Empty, Flex, Grid, Select, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState, type ReactNode } from 'react';
import { formatNumber } from '@/lib/format';
import { cardsForPhone, initialSort, oneBlock, PhoneSort, sortableColumns, sortRows, type PhoneSortChoice } from './phone-cards';
import './data-table.css';

export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const EMPTY_TABLE_TEXT = 'No data.';

/** What a server-paged table asks its owner to load. */
export interface ServerPageQuery {
  offset: number;
  limit: number;
  sort?: string;
  desc?: boolean;
}

export interface ServerPaging {
  total: number;
  offset: number;
  limit: number;
  onChange: (query: ServerPageQuery) => void;
  sort?: string;
  desc?: boolean;
}

export interface DataTableProps<T>
  extends Omit<TableProps<T>, 'pagination' | 'onChange' | 'title' | 'footer'> {
  /** Server paging: the owner loads `limit` rows from `offset`; without it rows are paged here. */
  server?: ServerPaging;
  defaultPageSize?: number;
  /** Rendered on the right of the "Show N" selector (search boxes, buttons). */
  toolbar?: ReactNode;
  /** Hides paging altogether (short fixed lists). */
  noPaging?: boolean;
  /** The column that names a row (its key): on a phone each row is a card with it as its title, the actions beside. */
  keyColumn?: string;
  /** At a desk the table fits its card and long texts wrap (no sideways scroll); a phone shows cards anyway. */
  wrap?: boolean;
  /** What an empty table says ('No data.' unless the screen's spec says otherwise, e.g. 'No Information...'; or why
   *  the list is empty and what to do). */
  emptyText?: ReactNode;
}

function sortField<T>(sorter: SorterResult<T> | SorterResult<T>[]): { sort?: string; desc?: boolean } {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first || !first.order) return {};
  const field = first.columnKey ?? first.field;
  const name = Array.isArray(field) ? field.join('.') : field !== undefined ? String(field) : undefined;
  return { sort: name, desc: first.order === 'descend' };
}

/**
 * The shared table: antd Table with sorting, a "Show N" page-size selector (5, 10, 20, 50, 100),
 * "No data." when empty, client paging by default (20 a page) or server paging.
 */
export function DataTable<T extends object>({
  server,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  toolbar,
  noPaging = false,
  keyColumn,
  wrap = false,
  emptyText = EMPTY_TABLE_TEXT,
  columns,
  dataSource,
  locale,
  scroll,
  ...tableProps
}: DataTableProps<T>) {
  const [clientPage, setClientPage] = useState(1);
  const [clientSize, setClientSize] = useState(defaultPageSize);
  const screens = Grid.useBreakpoint();
  // below a desk's width (phones, and tablets up to 991 px, where even a wrapping table of six columns overran its
  // card) each row is a card, unless the columns are laid out for one already: nothing scrolls sideways
  const narrow = screens.lg === false;
  const cards = narrow && columns !== undefined && !oneBlock(columns);
  const shownColumns = useMemo(
    () => (cards && columns ? cardsForPhone(columns, keyColumn) : columns),
    [cards, columns, keyColumn],
  );
  // cards have no column headers to sort by: a "Sort by" select does it (the server's sort, or this one's rows)
  const [clientSort, setClientSort] = useState<PhoneSortChoice | null>(() => initialSort(columns ?? []));
  const phoneSort = server ? (server.sort ? { key: server.sort, desc: Boolean(server.desc) } : null) : clientSort;
  const rows = useMemo(
    () => (cards && !server && columns ? sortRows(dataSource ?? [], columns, clientSort) : (dataSource ?? [])),
    [cards, server, columns, dataSource, clientSort],
  );
  const changePhoneSort = (sort: PhoneSortChoice | null) => {
    if (server) {
      server.onChange({ offset: 0, limit: server.limit, sort: sort?.key, desc: sort ? sort.desc : undefined });
    } else {
      setClientSort(sort);
      setClientPage(1);
    }
  };
  const sortControl =
    cards && columns && sortableColumns(columns).length > 0 ? (
      <PhoneSort columns={columns} value={phoneSort} onChange={changePhoneSort} />
    ) : null;

  const pageSize = server ? server.limit : clientSize;
  const total = server ? server.total : rows.length;
  const maxClientPage = Math.max(1, Math.ceil(rows.length / clientSize));
  const current = server
    ? Math.floor(server.offset / Math.max(server.limit, 1)) + 1
    : Math.min(clientPage, maxClientPage); // keep the page in range when rows shrink

  const changeSize = (size: number) => {
    if (server) {
      server.onChange({ offset: 0, limit: size, sort: server.sort, desc: server.desc });
    } else {
      setClientSize(size);
      setClientPage(1);
    }
  };

  const range = (shownTotal: number, [from, to]: [number, number]) =>
    `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(shownTotal)}`;

  return (
    <div className="data-table">
      {(!noPaging || sortControl) && (
        <Flex className="data-table__toolbar" align="center" justify="space-between" gap={12} wrap>
          {!noPaging && (
            <Flex align="center" gap={8} data-testid="show-n-label" aria-label={`Show ${pageSize}`} role="group">
              <Typography.Text type="secondary">Show</Typography.Text>
              <Select
                aria-label="Rows per page"
                size="small"
                value={pageSize}
                style={{ width: 76 }}
                options={PAGE_SIZE_OPTIONS.map((n) => ({ value: n, label: String(n) }))}
                onChange={changeSize}
              />
              <Typography.Text type="secondary">entries</Typography.Text>
            </Flex>
          )}
          {sortControl}
          {!noPaging && toolbar}
        </Flex>
      )}
      <Table<T>
        {...tableProps}
        columns={shownColumns}
        dataSource={rows}
        className={cards ? `${tableProps.className ?? ''} data-table--cards`.trim() : tableProps.className}
        // cards: a row with a selection keeps its header (select all on the page), others need none
        showHeader={cards ? Boolean(tableProps.rowSelection) && tableProps.showHeader !== false : tableProps.showHeader}
        tableLayout={cards ? 'fixed' : tableProps.tableLayout}
        // a wrapping table fits its card on any screen (its own phone layout too): max-content would size it to its
        // longest unwrapped text
        scroll={cards ? undefined : wrap ? scroll : (scroll ?? { x: 'max-content' })}
        locale={{
          ...locale,
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
        }}
        pagination={
          noPaging
            ? false
            : {
                current,
                pageSize,
                total,
                size: 'small',
                showSizeChanger: false,
                showTotal: range,
                hideOnSinglePage: false,
              }
        }
        onChange={(pagination, _filters, sorter, extra) => {
          if (!server) {
            // antd sorts the whole list with the column sorter; a new sort starts at page 1.
            setClientPage(extra.action === 'sort' ? 1 : (pagination.current ?? 1));
            return;
          }
          const { sort, desc } = sortField(sorter);
          const page = extra.action === 'sort' ? 1 : (pagination.current ?? 1);
          server.onChange({ offset: (page - 1) * server.limit, limit: server.limit, sort, desc });
        }}
      />
    </div>
  );
}
