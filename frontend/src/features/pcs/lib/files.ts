/** The PCS spreadsheet (spec 3 §5, §9): 15 MB at most, spreadsheets only, size shown in Mb. */
import {
  FILE_TOO_LARGE,
  fileExtension,
  MAX_FILE_BYTES,
  SHEET_TYPES,
  UNSUPPORTED_SHEET_FORMAT,
} from '@/features/leads/lib/files';

export { DOWNLOAD_ERROR_SECONDS, DOWNLOAD_FAILED, FILE_TOO_LARGE } from '@/features/leads/lib/files';

/** The same rules as the lead's PCS file. */
export const MAX_PCS_FILE_BYTES = MAX_FILE_BYTES;
export const UNSUPPORTED_FILE = UNSUPPORTED_SHEET_FORMAT;
export const SHEET_EXTENSIONS = SHEET_TYPES;

export const SHEET_MIME_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  'application/vnd.ms-excel.sheet.macroEnabled.12',
  'application/vnd.ms-excel.sheet.binary.macroEnabled.12',
  'application/vnd.ms-excel.template.macroEnabled.12',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/csv',
];

/** The file picker's accept attribute. */
export const SHEET_ACCEPT = [...SHEET_EXTENSIONS.map((e) => `.${e}`), ...SHEET_MIME_TYPES].join(',');

/** The spec's refusal for a chosen file, or null when it may be sent. */
export function pcsFileError(file: { name: string; size: number; type?: string }): string | null {
  if (file.size > MAX_PCS_FILE_BYTES) return FILE_TOO_LARGE;
  if (!SHEET_EXTENSIONS.includes(fileExtension(file.name))) return UNSUPPORTED_FILE;
  return null;
}

/** Size in Mb (bytes / 1048576), id-ID: "0,25 Mb"; a file under 0,01 Mb reads "< 0,01 Mb". */
export function sizeInMb(bytes: number): string {
  const mb = Math.max(bytes, 0) / 1048576;
  const format = (n: number) => new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  if (mb > 0 && mb < 0.005) return `< ${format(0.01)} Mb`;
  return `${format(mb)} Mb`;
}
