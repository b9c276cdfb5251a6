import { useState } from 'react';
import type { ServerPageQuery, ServerPaging } from './data-table';

export interface ServerTableOptions {
  /** Page size to start with (the spec's default is 10). */
  pageSize: number;
  /** Sort to start with. */
  sort?: string;
  desc?: boolean;
  /** Lower-case the search term before sending it (COA management does). */
  lowerCase?: boolean;
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
  /** A column's `sortOrder`: how the table is sorted by `key` now. */
  sortOrder: (key: string) => 'ascend' | 'descend' | null;
}

/** The paging, sorting and search state of a server-paged list page. */
export function useServerTable({ pageSize, sort, desc, lowerCase = false }: ServerTableOptions): ServerTable {
  const [paging, setPaging] = useState<ServerPageQuery>({ offset: 0, limit: pageSize, sort, desc });
  const [search, setSearch] = useState('');
  return {
    params: { ...paging, search },
    server: (total) => ({ ...paging, total: total ?? 0, onChange: setPaging }),
    onSearch: (term) => {
      setSearch(lowerCase ? term.toLowerCase() : term);
      setPaging((p) => ({ ...p, offset: 0 }));
    },
    sortOrder: (key) => (paging.sort === key ? (paging.desc ? 'descend' : 'ascend') : null),
  };
}
