import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.navigationAdmin] as const;

/** Page and menu management: the page list, a page, every page (the menu form's choice), the menu tree. */
export const navigationAdminKeys = {
  all,
  pages: (params: ServerListParams) => [...all, 'pages', params] as const,
  page: (id: number) => [...all, 'page', id] as const,
  pageChoices: [...all, 'page-choices'] as const,
  menus: [...all, 'menus'] as const,
};
