import { queryOptions } from '@tanstack/react-query';
import { serverListQuery, type ServerListParams } from '@/components/data-table';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { navigationAdminKeys } from './keys';

type Schemas = components['schemas'];

export type PageListRow = Schemas['PageListRow'];
export type PageDetail = Schemas['PageDetail'];
export type PageIn = Schemas['PageIn'];
export type MenuItem = Schemas['MenuItem'];
export type MenuIn = Schemas['MenuIn'];
export type MenuPosition = MenuItem['position'];

export const PAGES_PAGE_SIZE = 10;
/** The API's largest page: the menu form offers every page (the route table is small). */
const PAGE_CHOICES_LIMIT = 100;

export const pagesListQueryOptions = (params: ServerListParams) =>
  queryOptions({
    queryKey: navigationAdminKeys.pages(params),
    queryFn: () => unwrap(api.GET('/page-management', { params: { query: serverListQuery(params) } })),
    placeholderData: (previous) => previous,
  });

export const pageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: navigationAdminKeys.page(id),
    queryFn: () => unwrap(api.GET('/page-management/{page_id}', { params: { path: { page_id: id } } })),
    enabled: Number.isFinite(id),
  });

/** Every page by name, for the menu item form's page choice. */
export const pageChoicesQueryOptions = () =>
  queryOptions({
    queryKey: navigationAdminKeys.pageChoices,
    queryFn: () =>
      unwrap(
        api.GET('/page-management', {
          params: { query: { offset: 0, limit: PAGE_CHOICES_LIMIT, sort: 'name', desc: false } },
        }),
      ),
    staleTime: 60_000,
  });

export function createPage(body: PageIn) {
  return unwrap(api.POST('/page-management', { body }));
}

export function updatePage(id: number, body: PageIn) {
  return unwrap(api.PUT('/page-management/{page_id}', { params: { path: { page_id: id } }, body }));
}

export function deletePage(id: number) {
  return unwrap(api.DELETE('/page-management/{page_id}', { params: { path: { page_id: id } } }));
}

export const menuTreeQueryOptions = () =>
  queryOptions({
    queryKey: navigationAdminKeys.menus,
    queryFn: () => unwrap(api.GET('/menu-management')),
  });

/** Each call below answers the whole tree as it now is (delete answers nothing). */
export function createMenu(body: MenuIn) {
  return unwrap(api.POST('/menu-management', { body }));
}

export function updateMenu(id: number, body: MenuIn) {
  return unwrap(api.PUT('/menu-management/{menu_id}', { params: { path: { menu_id: id } }, body }));
}

/** Move an item under parentId (null: the top level) at index among its new siblings. */
export function moveMenu(id: number, parentId: number | null, index: number) {
  return unwrap(
    api.PUT('/menu-management/{menu_id}/move', { params: { path: { menu_id: id } }, body: { parentId, index } }),
  );
}

export function deleteMenu(id: number) {
  return unwrap(api.DELETE('/menu-management/{menu_id}', { params: { path: { menu_id: id } } }));
}

export const POSITION_OPTIONS: { value: MenuPosition; label: string }[] = [
  { value: 'SIDEBAR', label: 'Sidebar' },
  { value: 'TOP', label: 'Top bar' },
  { value: 'BOTH', label: 'Both' },
];

export const POSITION_COLORS: Record<MenuPosition, string> = { TOP: 'blue', SIDEBAR: 'green', BOTH: 'purple' };

/** Where a menu item shows, in words (the stored code is never shown). */
export const POSITION_LABELS: Record<MenuPosition, string> = { SIDEBAR: 'Sidebar', TOP: 'Top bar', BOTH: 'Top bar and sidebar' };
