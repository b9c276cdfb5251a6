import type { components } from '@/lib/api/schema';
import { formatNumber } from '@/lib/format';

/** A lead's file slot (the PCS file is also the cost sheet's upload). */
export type LeadFileKind = components['schemas']['FinalDocument']['kind'];

/** Lead files (spec §5, §9 and the leads contract): 15 MB, documents or spreadsheets. */
export const MAX_FILE_BYTES = 15 * 1024 * 1024;
export const FILE_TOO_LARGE = 'File is too large';
export const UNSUPPORTED_FORMAT = 'Unsupported file format';
export const UNSUPPORTED_SHEET_FORMAT = 'Unsupported file format. Accepts only .xls kind file.';
export const DOCUMENT_TYPES = ['pdf', 'jpeg', 'jpg', 'png', 'mp3', 'm4a'];
/** Excel, OOXML and macro-enabled Excel, OpenDocument spreadsheets and csv (the server's list, api/leads/files.py). */
export const SHEET_TYPES = ['xls', 'xlsx', 'xlsm', 'xlsb', 'xltx', 'xltm', 'ods', 'csv'];
export const DOWNLOAD_FAILED = 'Sorry we are unable to download the file you requested.';
/** A download failure stays 5 seconds (spec §8). */
export const DOWNLOAD_ERROR_SECONDS = 5;

export const FILE_KINDS: Array<{ kind: LeadFileKind; label: string; types: string[]; unsupported: string }> = [
  { kind: 'proposalFile', label: 'Proposal', types: DOCUMENT_TYPES, unsupported: UNSUPPORTED_FORMAT },
  { kind: 'projectCostSheetFile', label: 'PCS File', types: SHEET_TYPES, unsupported: UNSUPPORTED_SHEET_FORMAT },
  {
    kind: 'customerConfirmationDocumentFile',
    label: 'Customer Confirmation',
    types: DOCUMENT_TYPES,
    unsupported: UNSUPPORTED_FORMAT,
  },
];

export function fileKindLabel(kind: LeadFileKind): string {
  return FILE_KINDS.find((k) => k.kind === kind)?.label ?? kind;
}

/** The lower-case extension of a file name ('' without one). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The spec's refusal for a file of this kind, or null when it may be sent. */
export function fileError(kind: LeadFileKind, file: { name: string; size: number }): string | null {
  const spec = FILE_KINDS.find((k) => k.kind === kind);
  if (!spec) return UNSUPPORTED_FORMAT;
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE;
  if (!spec.types.includes(fileExtension(file.name))) return spec.unsupported;
  return null;
}

/** The accept attribute of the file picker. */
export function acceptOf(kind: LeadFileKind): string {
  return (FILE_KINDS.find((k) => k.kind === kind)?.types ?? []).map((t) => `.${t}`).join(',');
}

/** "1,5 MB" / "820 KB". */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
  return `${formatNumber(Math.max(bytes, 0) / 1024, 1)} KB`;
}
