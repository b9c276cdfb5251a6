import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { namedBlobOf, saveBlob } from '@/lib/api/download';
import type { components } from '@/lib/api/schema';
import { reportKeys } from './keys';

export type ReportTable = components['schemas']['ReportTable'];
export type ReportColumn = components['schemas']['ReportColumn'];
export type ReportKind = components['schemas']['ReportKind'];
export type ReportFormat = components['schemas']['ReportFormat'];
export type ReportCell = ReportTable['rows'][number][string];

/** GET /report/{kind}: the first rows of a report and the totals of all of them. */
export const reportQueryOptions = (kind: ReportKind, filters: string) =>
  queryOptions({
    queryKey: reportKeys.table(kind, filters),
    queryFn: () => unwrap(api.GET('/report/{kind}', { params: { path: { kind }, query: { filters } } })),
    // a new filter keeps the last table on screen (dimmed) until the new one arrives
    placeholderData: keepPreviousData,
  });

/** GET /report/{kind}/download: the whole report as a file, saved under the name the server gives it. */
export async function downloadReport(kind: ReportKind, format: ReportFormat, filters: string): Promise<string> {
  const call = api.GET('/report/{kind}/download', {
    params: { path: { kind }, query: { format, filters } },
    parseAs: 'blob',
  });
  const { blob, filename } = await namedBlobOf(call, `${kind}.${format}`);
  saveBlob(blob, filename);
  return filename;
}
