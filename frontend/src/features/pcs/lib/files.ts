/** The PCS spreadsheet (spec 3 §5, §9): the lead's PCS file rules (15 MB, spreadsheets only), size shown in Mb. */
import { acceptOf, fileError } from '@/lib/files';

const SHEET_MIME_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  'application/vnd.ms-excel.sheet.macroEnabled.12',
  'application/vnd.ms-excel.sheet.binary.macroEnabled.12',
  'application/vnd.ms-excel.template.macroEnabled.12',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/csv',
];

/** The file picker's accept attribute: the lead PCS file's extensions and the spreadsheet MIME types. */
export const SHEET_ACCEPT = [acceptOf('projectCostSheetFile'), ...SHEET_MIME_TYPES].join(',');

/** The spec's refusal for a chosen file, or null when it may be sent. */
export function pcsFileError(file: { name: string; size: number }): string | null {
  return fileError('projectCostSheetFile', file);
}

/** Size in Mb (bytes / 1048576), id-ID: "0,25 Mb"; a file under 0,01 Mb reads "< 0,01 Mb". */
export function sizeInMb(bytes: number): string {
  const mb = Math.max(bytes, 0) / 1048576;
  const format = (n: number) => new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  if (mb > 0 && mb < 0.005) return `< ${format(0.01)} Mb`;
  return `${format(mb)} Mb`;
}
