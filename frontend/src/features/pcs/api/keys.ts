import { queryDomains } from '@/lib/query-domains';
import type { ItemType } from './types';

const all = [queryDomains.pcs] as const;

/** A lead's cost sheet screen: the sheet, the COA choices, its approval timelines and PDF previews. */
export const pcsKeys = {
  all,
  form: (leadId: number) => [...all, 'form', leadId] as const,
  coa: (type: ItemType) => [...all, 'coa', type] as const,
  /** Every approval timeline of a lead, to refresh after a save or submit. */
  flows: (leadId: number) => [...all, 'flow', leadId] as const,
  flow: (leadId: number, status: string, revisionBatch: number | null) =>
    [...pcsKeys.flows(leadId), status, revisionBatch] as const,
  /** The route the sheet's submit would take on these figures. */
  route: (body: object) => [...all, 'route', body] as const,
  /** A preview of the sheet's PDF; `version` changes whenever the sheet is saved. */
  pdf: (leadId: number, revisionBatch: number | null, version: string) =>
    [...all, 'pdf', leadId, revisionBatch, version] as const,
};
