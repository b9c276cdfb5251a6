import { Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { isValidElement, type ReactNode } from 'react';

type Column<T> = TableColumnsType<T>[number];

/** A column's key: its `key`, else its dataIndex ('a.b' for a path), as a sort names it. */
export function columnKey<T>(column: Column<T>): string | undefined {
  if (column.key !== undefined) return String(column.key);
  if (!('dataIndex' in column) || column.dataIndex === undefined || column.dataIndex === null) return undefined;
  return Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : String(column.dataIndex);
}

function valueOf<T>(row: T, column: Column<T>): unknown {
  if (!('dataIndex' in column) || column.dataIndex === undefined || column.dataIndex === null) return undefined;
  const path: unknown[] = Array.isArray(column.dataIndex) ? column.dataIndex : [column.dataIndex];
  return path.reduce<unknown>(
    (value, step) => (value === null || value === undefined ? undefined : (value as Record<string, unknown>)[String(step)]),
    row,
  );
}

/** What a column shows in a row's cell, as the table would render it. */
function cellOf<T>(row: T, column: Column<T>, index: number): ReactNode {
  const value = valueOf(row, column);
  const render = 'render' in column ? column.render : undefined;
  if (!render) return typeof value === 'object' && !isValidElement(value) ? null : (value as ReactNode);
  const out = render(value, row, index);
  // a render may answer { children, props } (a cell that spans): its children are what it shows
  if (out !== null && typeof out === 'object' && !isValidElement(out) && 'children' in out) return out.children;
  return out as ReactNode;
}

const empty = (node: ReactNode) => node === null || node === undefined || node === '' || node === false;

/** A column a phone leaves out: one antd's `responsive` shows only from a wider breakpoint, or a hidden one. */
function hiddenOnPhone<T>(column: Column<T>): boolean {
  if (column.hidden) return true;
  const responsive = 'responsive' in column ? column.responsive : undefined;
  return responsive !== undefined && !responsive.includes('xs');
}

const labelOf = <T,>(column: Column<T>): ReactNode => (typeof column.title === 'function' ? null : column.title);

interface PhoneCardProps<T> {
  row: T;
  index: number;
  head: Column<T>;
  actions?: Column<T>;
  fields: Column<T>[];
}

/** One row on a phone: the key column's cell as its title, the row's actions beside it, every other column below as
 *  its header and its value (a column with nothing to show left out). */
function PhoneCard<T>({ row, index, head, actions, fields }: PhoneCardProps<T>) {
  const shown = fields
    .map((column) => ({ column, label: labelOf(column), cell: cellOf(row, column, index) }))
    .filter(({ cell }) => !empty(cell));
  const action = actions ? cellOf(row, actions, index) : null;
  return (
    <div className="data-table__card">
      <div className="data-table__card-head">
        <div className="data-table__card-title">{cellOf(row, head, index)}</div>
        {!empty(action) && <div className="data-table__card-actions">{action}</div>}
      </div>
      {shown.length > 0 && (
        <dl className="data-table__card-fields">
          {shown.map(({ column, label, cell }, i) => (
            <div className="data-table__card-field" key={columnKey(column) ?? i}>
              {!empty(label) && <dt>{label}</dt>}
              <dd>{cell}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Whether the columns are already laid out for a phone: one block a row (the approval queue, sales targets). */
export function oneBlock<T>(columns: TableColumnsType<T>): boolean {
  return columns.filter((c) => columnKey(c) !== 'actions' && !hiddenOnPhone(c)).length < 2;
}

interface CardLayout<T> {
  head: Column<T>;
  actions?: Column<T>;
  fields: Column<T>[];
}

function cardLayout<T>(columns: TableColumnsType<T>, keyColumn?: string): CardLayout<T> {
  const shown = columns.filter((c) => !hiddenOnPhone(c));
  const head = shown.find((c) => keyColumn !== undefined && columnKey(c) === keyColumn)
    ?? shown.find((c) => columnKey(c) !== 'actions')!;
  const actions = shown.find((c) => columnKey(c) === 'actions');
  return { head, actions, fields: shown.filter((c) => c !== head && c !== actions) };
}

/** One row of `columns` as a phone's card (a table's totals row, say, laid out as its rows are). */
export function PhoneRowCard<T>({ columns, row, keyColumn }: { columns: TableColumnsType<T>; row: T; keyColumn?: string }) {
  return <PhoneCard row={row} index={-1} {...cardLayout(columns, keyColumn)} />;
}

/**
 * A phone's table: one column, each row a card (the key column as its title, the 'actions' column beside it, the
 * others below, labelled), so nothing scrolls sideways and no column is cut at the card's edge. Columns already laid
 * out for a phone are left as they are.
 */
export function cardsForPhone<T>(columns: TableColumnsType<T>, keyColumn?: string): TableColumnsType<T> {
  if (oneBlock(columns)) return columns;
  const layout = cardLayout(columns, keyColumn);
  return [
    {
      key: 'card',
      title: labelOf(layout.head),
      className: 'data-table__card-cell',
      render: (_: unknown, row: T, index: number) => <PhoneCard row={row} index={index} {...layout} />,
    },
  ];
}

/** A sort a phone's list is in: a column's key and its direction. */
export interface PhoneSortChoice {
  key: string;
  desc: boolean;
}

type Compare<T> = (a: T, b: T) => number;

/** The sortable columns of a list, with their compare function when the list sorts on the client. */
export function sortableColumns<T>(columns: TableColumnsType<T>): Array<{ key: string; label: string; compare?: Compare<T> }> {
  return columns.flatMap((column) => {
    const key = columnKey(column);
    const sorter = 'sorter' in column ? column.sorter : undefined;
    if (!sorter || key === undefined) return [];
    const label = typeof column.title === 'string' || typeof column.title === 'number' ? String(column.title) : key;
    const compare = typeof sorter === 'function' ? sorter : typeof sorter === 'object' ? sorter.compare : undefined;
    return [{ key, label, compare: compare ? (a: T, b: T) => compare(a, b, 'ascend') : undefined }];
  });
}

/** The sort a client-sorted list starts in: its column with a default (or a set) sort order. */
export function initialSort<T>(columns: TableColumnsType<T>): PhoneSortChoice | null {
  for (const column of columns) {
    const order = ('sortOrder' in column && column.sortOrder) || ('defaultSortOrder' in column && column.defaultSortOrder);
    const key = columnKey(column);
    if (order && key !== undefined) return { key, desc: order === 'descend' };
  }
  return null;
}

/** The rows in a chosen sort (a copy), by the column's own compare function. */
export function sortRows<T>(rows: readonly T[], columns: TableColumnsType<T>, sort: PhoneSortChoice | null): readonly T[] {
  const compare = sort ? sortableColumns(columns).find((c) => c.key === sort.key)?.compare : undefined;
  if (!sort || !compare) return rows;
  return [...rows].sort((a, b) => (sort.desc ? -compare(a, b) : compare(a, b)));
}

export interface PhoneSortProps<T> {
  columns: TableColumnsType<T>;
  value: PhoneSortChoice | null;
  onChange: (sort: PhoneSortChoice | null) => void;
}

/** The phone's stand-in for the column headers' sorters: "Sort by" a column, ascending or descending. */
export function PhoneSort<T>({ columns, value, onChange }: PhoneSortProps<T>) {
  const sortable = sortableColumns(columns);
  if (sortable.length === 0) return null;
  const options = sortable.flatMap(({ key, label }) => [
    { value: `${key}:asc`, label: `${label} ↑` },
    { value: `${key}:desc`, label: `${label} ↓` },
  ]);
  return (
    <Select
      aria-label="Sort by"
      size="small"
      allowClear
      placeholder="Sort by"
      className="data-table__sort"
      value={value ? `${value.key}:${value.desc ? 'desc' : 'asc'}` : undefined}
      options={options}
      onChange={(chosen?: string) => {
        if (!chosen) return onChange(null);
        const at = chosen.lastIndexOf(':');
        onChange({ key: chosen.slice(0, at), desc: chosen.slice(at + 1) === 'desc' });
      }}
    />
  );
}
