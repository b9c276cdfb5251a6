import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { namedBlobOf } from '@/lib/api/download';
import { multipart, type MultipartBody } from '@/lib/api/multipart';
import type { components } from '@/lib/api/schema';
import { queryDomains } from '@/lib/query-domains';

export type ImportJob = components['schemas']['ImportJobOut'];
export type ImportRow = components['schemas']['ImportRowOut'];
export type ImportRows = components['schemas']['ImportRowsOut'];
export type SavedMapping = components['schemas']['MappingOut'];
export type ImportKind = 'clients' | 'contacts' | 'leads';
export type RowStatus = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'REFUSED';
export type Phase = 'DRY' | 'RUN';

export const IMPORT_PAGE = 'system/import';
export const IMPORT_PATH = '/system/import';
/** How often a running dry run or import is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;
export const ROWS_PAGE_SIZE = 20;
/** The job's states while the server works on it: its progress is polled. */
export const WORKING = new Set(['CHECKING', 'RUNNING']);

export const importKeys = {
  all: [queryDomains.imports] as const,
  jobs: () => [queryDomains.imports, 'jobs'] as const,
  job: (id: number) => [queryDomains.imports, 'job', id] as const,
  rows: (id: number, phase: Phase, status: RowStatus | undefined, page: number) =>
    [queryDomains.imports, 'rows', id, phase, status ?? 'ALL', page] as const,
  mappings: (kind: ImportKind) => [queryDomains.imports, 'mappings', kind] as const,
};

export const importJobsQueryOptions = () =>
  queryOptions({ queryKey: importKeys.jobs(), queryFn: () => unwrap(api.GET('/imports')) });

/** An import and its progress, asked again every second while the server works on it (a reload finds it again). */
export const importJobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importKeys.job(id),
    queryFn: () => unwrap(api.GET('/imports/{job_id}', { params: { path: { job_id: id } } })),
    refetchInterval: (query) => (query.state.data && WORKING.has(query.state.data.status) ? PROGRESS_POLL_MS : false),
  });

export const importRowsQueryOptions = (id: number, phase: Phase, status: RowStatus | undefined, page: number) =>
  queryOptions({
    queryKey: importKeys.rows(id, phase, status, page),
    queryFn: () =>
      unwrap(
        api.GET('/imports/{job_id}/rows', {
          params: { path: { job_id: id }, query: { phase, page, size: ROWS_PAGE_SIZE, ...(status ? { status } : {}) } },
        }),
      ),
    placeholderData: (previous) => previous,
  });

export const savedMappingsQueryOptions = (kind: ImportKind) =>
  queryOptions({
    queryKey: importKeys.mappings(kind),
    queryFn: () => unwrap(api.GET('/imports/mappings', { params: { query: { kind } } })),
  });

export const uploadImport = (kind: ImportKind, file: File) =>
  unwrap(api.POST('/imports', multipart<MultipartBody<'/imports', 'post'>>({ kind, file })));

export const dryRun = (id: number, body: { mapping: Record<string, string>; matchOn: string; saveAs?: string | null }) =>
  unwrap(api.POST('/imports/{job_id}/dry-run', { params: { path: { job_id: id } }, body }));

export const confirmImport = (id: number) =>
  unwrap(api.POST('/imports/{job_id}/confirm', { params: { path: { job_id: id } } }));

export const undoImport = (id: number) => unwrap(api.POST('/imports/{job_id}/undo', { params: { path: { job_id: id } } }));

export const importResult = (id: number) =>
  namedBlobOf(api.GET('/imports/{job_id}/result', { params: { path: { job_id: id } }, parseAs: 'blob' }), `import-${id}.xlsx`);
