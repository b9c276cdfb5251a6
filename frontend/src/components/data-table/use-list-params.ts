import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** What a list shows: its page, page size, search and sort, plus the list's own filters (a tab, a switch). */
export interface ListParams {
  page: number;
  size: number;
  search: string;
  sort?: string;
  desc?: boolean;
  /** The filters declared in `filters` (strings; '' when not set). */
  filters: Record<string, string>;
}

export interface ListParamsOptions {
  pageSize: number;
  sort?: string;
  desc?: boolean;
  /** The list's own filters and their defaults, e.g. { type: 'ALL', unread: '' }. */
  filters?: Record<string, string>;
}

export type ListParamsPatch = Partial<Omit<ListParams, 'filters'>> & { filters?: Record<string, string> };

const PAGE = 'page';
const SIZE = 'size';
const SEARCH = 'q';
const SORT = 'sort';
const ORDER = 'order';

function positive(text: string | null, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * A list's page, page size, search and sort (and its own filters) in the URL's search params: the back button
 * and a shared link come back to the same view. A value equal to its default is left out of the URL, so a plain
 * list keeps a plain address; every change is a new history entry, so Back undoes it.
 */
export function useListParams({ pageSize, sort, desc, filters = {} }: ListParamsOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterDefaults = JSON.stringify(filters);

  const params = useMemo<ListParams>(() => {
    const defaults = JSON.parse(filterDefaults) as Record<string, string>;
    const urlSort = searchParams.get(SORT);
    return {
      page: positive(searchParams.get(PAGE), 1),
      size: positive(searchParams.get(SIZE), pageSize),
      search: searchParams.get(SEARCH) ?? '',
      // '' in the URL (sort=) is "no sort", over a default sort
      sort: urlSort === null ? sort : urlSort || undefined,
      desc: urlSort === null ? desc : searchParams.get(ORDER) === 'desc',
      filters: Object.fromEntries(
        Object.entries(defaults).map(([key, value]) => [key, searchParams.get(key) ?? value]),
      ),
    };
  }, [searchParams, pageSize, sort, desc, filterDefaults]);

  const setParams = useCallback(
    (patch: ListParamsPatch) => {
      const defaults = JSON.parse(filterDefaults) as Record<string, string>;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const put = (key: string, value: string | undefined, fallback: string | undefined) => {
            if (value === undefined || value === fallback) next.delete(key);
            else next.set(key, value);
          };
          if ('page' in patch) put(PAGE, String(patch.page), '1');
          if ('size' in patch) put(SIZE, String(patch.size), String(pageSize));
          if ('search' in patch) put(SEARCH, patch.search || undefined, undefined);
          if ('sort' in patch || 'desc' in patch) {
            const nextSort = 'sort' in patch ? patch.sort : params.sort;
            const nextDesc = 'desc' in patch ? patch.desc : params.desc;
            if ((nextSort ?? '') === (sort ?? '') && Boolean(nextDesc) === Boolean(desc)) {
              next.delete(SORT);
              next.delete(ORDER);
            } else {
              next.set(SORT, nextSort ?? '');
              if (nextSort && nextDesc) next.set(ORDER, 'desc');
              else next.delete(ORDER);
            }
          }
          for (const [key, value] of Object.entries(patch.filters ?? {})) put(key, value, defaults[key]);
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setSearchParams, pageSize, sort, desc, params.sort, params.desc, filterDefaults],
  );

  return [params, setParams] as const;
}
