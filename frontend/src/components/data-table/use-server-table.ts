import type { ServerPageQuery, ServerPaging } from './data-table';
import { useListParams } from './use-list-params';

export interface ServerTableOptions {
  /** Page size to start with (the spec's default is 10). */
  pageSize: number;
  /** Sort to start with. */
  sort?: string;
  desc?: boolean;
  /** Lower-case the search term before sending it (COA management does). */
  lowerCase?: boolean;
  /** The list's own filters (toolbar selects) and their defaults ('' for none), kept in the URL too. */
  filters?: Record<string, string>;
}

/** offset, limit, sort, desc and search: a server-paged list call's parameters. */
export type ServerListParams = ServerPageQuery & { search: string };

/** The query string of a server-paged list call: search and sort only when set. */
export function serverListQuery({ offset, limit, search, sort, desc }: ServerListParams) {
  return { offset, limit, ...(search ? { search } : {}), ...(sort ? { sort, desc: Boolean(desc) } : {}) };
}

export interface ServerTable {
  /** The list call's parameters. */
  params: ServerListParams;
  /** For DataTable's `server` prop, given the total row count the server answered. */
  server: (total: number | undefined) => ServerPaging;
  /** For TableSearch's `onSearch`: a new term goes back to the first page. */
  onSearch: (term: string) => void;
  /** For TableSearch's `value`: the term searched now (from the URL). */
  search: string;
  /** A column's `sortOrder`: how the table is sorted by `key` now. */
  sortOrder: (key: string) => 'ascend' | 'descend' | null;
  /** A sortable column's props: `{ ...table.sortable('name') }` (its key, a server sorter and its sort order now). */
  sortable: (key: string) => { key: string; sorter: true; sortOrder: 'ascend' | 'descend' | null };
  /** The filters declared in the options, as the URL holds them now. */
  filters: Record<string, string>;
  /** Sets one filter ('' or undefined clears it) and goes back to the first page. */
  setFilter: (key: string, value: string | undefined) => void;
  /** Sets several filters at once (a date range's two ends) and goes back to the first page. */
  setFilters: (values: Record<string, string>) => void;
}

/** The paging, sorting and search of a server-paged list page, kept in the URL (useListParams). */
export function useServerTable({ pageSize, sort, desc, lowerCase = false, filters }: ServerTableOptions): ServerTable {
  const [list, setList] = useListParams({ pageSize, sort, desc, filters });
  const paging: ServerPageQuery = {
    offset: (list.page - 1) * list.size,
    limit: list.size,
    sort: list.sort,
    desc: list.desc,
  };
  const sortOrder = (key: string) => (list.sort === key ? (list.desc ? 'descend' : 'ascend') : null);
  return {
    params: { ...paging, search: list.search },
    server: (total) => ({
      ...paging,
      total: total ?? 0,
      onChange: (query) =>
        setList({
          page: Math.floor(query.offset / Math.max(query.limit, 1)) + 1,
          size: query.limit,
          sort: query.sort,
          desc: query.desc,
        }),
    }),
    onSearch: (term) => setList({ search: lowerCase ? term.toLowerCase() : term, page: 1 }),
    search: list.search,
    sortOrder,
    sortable: (key) => ({ key, sorter: true, sortOrder: sortOrder(key) }),
    filters: list.filters,
    setFilter: (key, value) => setList({ filters: { [key]: value ?? '' }, page: 1 }),
    setFilters: (values) => setList({ filters: values, page: 1 }),
  };
}
