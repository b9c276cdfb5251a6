import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { blobOf, pdfOf, saveBlob } from '@/lib/api/download';
import { multipart } from '@/lib/api/multipart';
import type { ItemType, PcsSaveForm, PcsSaveParts, SheetRouteIn } from './types';
import { pcsKeys } from './keys';

/** GET /leads/{id}/form/v2: the lead, its sheet, history, revisions, the lock and commission visibility. */
export const pcsFormQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: pcsKeys.form(leadId),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}/form/v2', { params: { path: { lead_id: leadId } } })),
    // The screen keeps what it loaded: a background refetch must not reset what is typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** Every active chart-of-accounts entry of a type, for the add-item slide. */
export const coaQueryOptions = (type: ItemType) =>
  queryOptions({
    queryKey: pcsKeys.coa(type),
    queryFn: () => unwrap(api.GET('/project-cost-sheet/chart-of-accounts', { params: { query: { type } } })),
    staleTime: 5 * 60_000,
  });

/**
 * The approval timeline of the current revision (GET /leads/{id}/pcs-approval-flow) or, with a revision
 * batch, of a history entry (GET /leads/{id}/pcs-approval-flow-detail).
 */
export const approvalFlowQueryOptions = (leadId: number, status: string, revisionBatch: number | null) =>
  queryOptions({
    queryKey: pcsKeys.flow(leadId, status, revisionBatch),
    queryFn: () =>
      revisionBatch === null
        ? unwrap(api.GET('/leads/{lead_id}/pcs-approval-flow', { params: { path: { lead_id: leadId }, query: { status } } }))
        : unwrap(
            api.GET('/leads/{lead_id}/pcs-approval-flow-detail', {
              params: { path: { lead_id: leadId }, query: { status, revisionBatch } },
            }),
          ),
    staleTime: 0,
  });

/** PUT /project-cost-sheet/save-as-draft; answers the new form. */
export function saveAsDraft(parts: PcsSaveParts) {
  return unwrap(api.PUT('/project-cost-sheet/save-as-draft', multipart<PcsSaveForm>(parts)));
}

/** The route the sheet's submit would take now, on the figures the form holds (unsaved edits included). */
export const sheetRouteQueryOptions = (body: SheetRouteIn) =>
  queryOptions({
    queryKey: pcsKeys.route(body),
    queryFn: () => unwrap(api.POST('/project-cost-sheet/route-preview', { body })),
  });

/** PUT /project-cost-sheet/submit-for-approval; answers the new form. */
export function submitForApproval(parts: PcsSaveParts) {
  return unwrap(api.PUT('/project-cost-sheet/submit-for-approval', multipart<PcsSaveForm>(parts)));
}

/** GET /leads/download/{filename}, saved under the file's display name. */
export async function downloadPcsFile(filename: string, displayName: string): Promise<void> {
  const blob = await blobOf(api.GET('/leads/download/{filename}', { params: { path: { filename } }, parseAs: 'blob' }));
  saveBlob(blob, displayName);
}

/** GET /leads/{id}/pcs-pdf as a blob (the current revision, or an older one by its batch). */
export function fetchPcsPdf(leadId: number, revisionBatch: number | null): Promise<Blob> {
  return pdfOf(
    api.GET('/leads/{lead_id}/pcs-pdf', {
      params: { path: { lead_id: leadId }, query: revisionBatch === null ? {} : { revisionBatch } },
      parseAs: 'blob',
    }),
  );
}

/** PCS_{client}_{project}.pdf (spec §2.6). */
export function pdfFileName(clientName: string, projectName: string): string {
  return `PCS_${clientName}_${projectName}.pdf`;
}
