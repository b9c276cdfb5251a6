import { Empty, Flex, Grid, Select, Table, Typography } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState, type ReactNode } from 'react';
import { formatNumber } from '@/lib/format';

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
  /** The column that names a row (its key); on a phone it stays at the left, the actions at the right. */
  keyColumn?: string;
  /** At a desk the table fits its card and long texts wrap (no sideways scroll); a phone still scrolls. */
  wrap?: boolean;
  /** What an empty table says ('No data.' unless the screen's spec says otherwise, e.g. 'No Information...'; or why
   *  the list is empty and what to do). */
  emptyText?: ReactNode;
}

/** The widest a phone's key column gets (the rest of its text is cut with an ellipsis). */
const PHONE_KEY_WIDTH = 148;

/**
 * A phone's table: the key column first and fixed at the left, the row's actions (the 'actions' column) fixed at
 * the right, the other columns scrolling between them, so a row is always named and its actions in reach.
 */
export function pinnedForPhone<T>(columns: TableColumnsType<T>, keyColumn?: string): TableColumnsType<T> {
  const keyOf = (c: TableColumnsType<T>[number]) =>
    c.key ?? ('dataIndex' in c && c.dataIndex !== undefined ? String(c.dataIndex) : undefined);
  const keyIndex = Math.max(0, keyColumn === undefined ? 0 : columns.findIndex((c) => keyOf(c) === keyColumn));
  const key = columns[keyIndex];
  // a list already laid out for a phone (one block a row, as the approval queue) has nothing to pin
  if (!key || columns.filter((c) => keyOf(c) !== 'actions').length < 2) return columns;
  const rest = columns.filter((_, i) => i !== keyIndex);
  const render = 'render' in key ? key.render : undefined;
  // the key column's text wraps within its width (a name is read whole, never cut)
  const pinned = {
    ...key,
    fixed: 'left' as const,
    width: PHONE_KEY_WIDTH,
    ellipsis: false,
    render: (value: unknown, row: T, index: number) => (
      <div className="data-table__key" style={{ maxWidth: PHONE_KEY_WIDTH - 16 }}>
        {(render ? render(value, row, index) : value) as ReactNode}
      </div>
    ),
  };
  return [
    pinned,
    ...rest.map((c) => (keyOf(c) === 'actions' ? { ...c, fixed: 'right' as const } : { ...c, fixed: undefined })),
  ];
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
  const rows = useMemo(() => dataSource ?? [], [dataSource]);
  const phone = Grid.useBreakpoint().md === false;
  const shownColumns = useMemo(
    () => (phone && columns ? pinnedForPhone(columns, keyColumn) : columns),
    [phone, columns, keyColumn],
  );

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
      {!noPaging && (
        <Flex className="data-table__toolbar" align="center" justify="space-between" gap={12} wrap>
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
          {toolbar}
        </Flex>
      )}
      <Table<T>
        {...tableProps}
        columns={shownColumns}
        dataSource={rows}
        scroll={wrap && !phone ? scroll : (scroll ?? { x: 'max-content' })}
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
