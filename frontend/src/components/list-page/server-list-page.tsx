import {
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import {
  DataTable,
  ExportButton,
  exportColumnsOf,
  ListToolbar,
  useServerTable,
  type DataTableProps,
  type ListFilter,
  type ServerListParams,
  type ServerTable,
  type ServerTableOptions,
} from '@/components/data-table';
import { ListError, ListPage, type ListPageProps } from './list-page';

/** What a server-paged list call answers: one page of rows, and how many rows there are in all. */
export interface ServerRows<T> {
  data: T[];
  totalRows: number;
}

export interface ServerListOptions<TPage, TKey extends QueryKey> extends ServerTableOptions {
  /** Whether the user may read the list: the call is made only then, and the page says why there is no list. */
  canRead: boolean;
  /** The list call, given the paging, sort and search, and the filters as the URL holds them now. */
  query: (params: ServerListParams, filters: Record<string, string>) => UseQueryOptions<TPage, Error, TPage, TKey>;
}

/** A server-paged list: its paging, sort, search and filters (in the URL), and the call they make. */
export interface ServerList<TPage> {
  table: ServerTable;
  query: UseQueryResult<TPage>;
  canRead: boolean;
  /** Makes the list call as it is made now (its filters, search and sort), for an export to ask it for every row. */
  call: () => unknown;
}

/** The state of a server-paged list screen (useServerTable) and its list call, made only with read access. */
export function useServerList<TPage, TKey extends QueryKey = QueryKey>({
  canRead,
  query,
  ...tableOptions
}: ServerListOptions<TPage, TKey>): ServerList<TPage> {
  const table = useServerTable(tableOptions);
  const queryClient = useQueryClient();
  const options = query(table.params, table.filters);
  const result = useQuery({ ...options, enabled: canRead });
  const call = () => {
    const { queryFn, queryKey } = options;
    if (typeof queryFn !== 'function') return undefined;
    return queryFn({ queryKey, signal: new AbortController().signal, meta: undefined, client: queryClient } as never);
  };
  return { table, query: result, canRead, call };
}

export interface ServerListTableProps<T extends object>
  extends Omit<DataTableProps<T>, 'title' | 'dataSource' | 'server' | 'toolbar' | 'children'> {
  /** The list (useServerList): its rows, total, paging and filters. */
  list: ServerList<ServerRows<T>>;
  /** Placeholder and accessible name of the search box, e.g. "Search client". */
  searchLabel: string;
  /** At a desk, how wide the search box may grow (280 px unless a long placeholder needs more). */
  searchWidth?: number;
  /** The toolbar's selects, each kept in the URL under its key (declared in useServerList's `filters`). */
  filters?: ListFilter[];
  /** Other filters (date ranges), between the selects and the search box. */
  filterControls?: ReactNode;
  /** A toolbar of the screen's own, in place of the filters and the search box. */
  toolbar?: ReactNode;
  /** Above the table, in its card: a bar about the chosen rows, a dialog. */
  above?: ReactNode;
  /** What the list call's error says when the server gave no message of its own. */
  errorFallback?: string;
  /** The name of the list's Excel export (its page title); none: the list has no Export button. */
  exportTitle?: string;
}

/**
 * A server-paged list where a page holds more than the list (a tab of a page): the list call's error ('Error loading
 * data'), its toolbar (filters and search) and the table with server paging and sorting. ServerListPage is this in
 * a list page; use it only where the list is not the page.
 */
export function ServerListTable<T extends object>({
  list,
  searchLabel,
  searchWidth,
  filters,
  filterControls,
  toolbar,
  above,
  errorFallback,
  exportTitle,
  ...tableProps
}: ServerListTableProps<T>) {
  const { table, query } = list;
  const exporter = exportTitle && (
    <ExportButton title={exportTitle} columns={exportColumnsOf(tableProps.columns as ColumnType<T>[] | undefined)} run={list.call} />
  );
  return (
    <>
      <ListError error={query.error} fallback={errorFallback} />
      {above}
      <DataTable<T>
        loading={query.isFetching}
        {...tableProps}
        dataSource={query.data?.data}
        server={table.server(query.data?.totalRows)}
        toolbar={
          toolbar ?? (
            <ListToolbar
              table={table}
              filters={filters}
              searchLabel={searchLabel}
              searchWidth={searchWidth}
              exporter={exporter}
            >
              {filterControls}
            </ListToolbar>
          )
        }
      />
    </>
  );
}

export interface ServerListPageProps<T extends object>
  extends Omit<ListPageProps, 'canRead' | 'error' | 'children'>,
    ServerListTableProps<T> {
  /** The list has an export of its own (its action): no generic Export button beside its search. */
  ownExport?: boolean;
}

/**
 * Every server-paged list screen: the list page (trail, title, Add button; no access; 'Error loading data'), its
 * toolbar (filters and search) and the table with server paging and sorting. A screen declares its columns, filters,
 * list call (useServerList) and actions.
 */
export function ServerListPage<T extends object>({
  list,
  breadcrumb,
  title,
  subtitle,
  action,
  noAccessText,
  before,
  ownExport = false,
  ...tableProps
}: ServerListPageProps<T>) {
  return (
    <ListPage
      breadcrumb={breadcrumb}
      title={title}
      subtitle={subtitle}
      action={action}
      canRead={list.canRead}
      noAccessText={noAccessText}
      before={before}
    >
      <ServerListTable<T>
        list={list}
        exportTitle={!ownExport && typeof title === 'string' ? title : undefined}
        {...tableProps}
      />
    </ListPage>
  );
}
