import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { pdfOf } from '@/lib/api/download';
import { multipart, type MultipartBody } from '@/lib/api/multipart';
import type { components } from '@/lib/api/schema';
import { pidKeys } from './keys';

export type PidOverview = components['schemas']['PidOverview'];
export type ProjectIdNumber = components['schemas']['ProjectIdNumber'];
export type PidStart = components['schemas']['PidStart'];
export type MailSent = components['schemas']['PdfMailSent'];

/** While a PID is being generated the screen asks again this often. */
export const PID_POLL_MS = 1500;
/** The /pdf test page mails the sample under this name (spec 3 §9). */
export const MAIL_PDF_NAME = 'project-cost-sheet.pdf';

/** The lead's PIDs with their PDFs, and whether one can be generated now. */
export const pidOverviewQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: pidKeys.overview(leadId),
    queryFn: () => unwrap(api.GET('/leads/{lead_id}/project-ids', { params: { path: { lead_id: leadId } } })),
  });

/** Starts (or finds) the lead's PID workflow. */
export function generatePid(leadId: number): Promise<PidStart> {
  return unwrap(api.POST('/leads/{lead_id}/generate-pid', { params: { path: { lead_id: leadId } } }));
}

/** The PDF stored with a PID. */
export function fetchPidPdf(leadId: number, pidId: number): Promise<Blob> {
  return pdfOf(
    api.GET('/leads/{lead_id}/project-ids/{pid_id}/pdf', {
      params: { path: { lead_id: leadId, pid_id: pidId } },
      parseAs: 'blob',
    }),
  );
}

/** The sample cost sheet PDF of the /pdf test page. */
export function fetchSamplePdf(): Promise<Blob> {
  return pdfOf(api.GET('/pdf/sample', { parseAs: 'blob' }));
}

/** Mails a PDF (to the caller's own address when `to` is empty). */
export function sendPdfMail(pdf: Blob, to?: string): Promise<MailSent> {
  const file = new File([pdf], MAIL_PDF_NAME, { type: pdf.type || 'application/pdf' });
  return unwrap(
    api.POST('/mails/send-mail', multipart<MultipartBody<'/mails/send-mail', 'post'>>({ file, to: to?.trim() || null })),
  );
}
