import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { queryDomains } from '@/lib/query-domains';

export type SavedViews = components['schemas']['SavedViewsOut'];
export type SavedView = components['schemas']['SavedViewOut'];
export type SavedViewChange = components['schemas']['SavedViewIn'];

export const savedViewKeys = {
  all: [queryDomains.savedViews] as const,
  list: (path: string) => [queryDomains.savedViews, path] as const,
};

/** GET /saved-views: the views a list offers the person (their own, then their team leaders') and their default. */
export const savedViewsQueryOptions = (path: string) =>
  queryOptions({
    queryKey: savedViewKeys.list(path),
    queryFn: ({ signal }) => unwrap(api.GET('/saved-views', { params: { query: { list: path } }, signal })),
    staleTime: 60_000,
  });

export const saveView = (body: SavedViewChange) => unwrap(api.POST('/saved-views', { body }));

export const changeView = (id: number, body: SavedViewChange) =>
  unwrap(api.PUT('/saved-views/{view_id}', { params: { path: { view_id: id } }, body }));

export const deleteView = (id: number) =>
  unwrap(api.DELETE('/saved-views/{view_id}', { params: { path: { view_id: id } } }));

export const chooseDefaultView = (list: string, viewId: number | null) =>
  unwrap(api.PUT('/saved-views/default', { body: { list, viewId } }));

/** A list's query as a view keeps it: without its page number, in one order (so the same state compares equal). */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.sort();
  return params.toString();
}
