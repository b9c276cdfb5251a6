import type { ServerListParams } from '@/components/data-table';
import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.contacts] as const;

/** The contact table, a contact, its history, what is held about them and the clients to choose from. */
export const contactKeys = {
  all,
  list: (params: ServerListParams) => [...all, params] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
  history: (id: number) => [...all, 'history', id] as const,
  personalData: (id: number) => [...all, 'personal-data', id] as const,
  clients: [...all, 'clients'] as const,
};
