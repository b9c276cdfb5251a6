import { titleCase } from '@/lib/format';

/** A project cost sheet's status as people read it: on the sheet, its dialogs and the lead cards (spec 3 §4). */
export type PcsStatus = 'SAVED_AS_DRAFT' | 'WAITING_FOR_APPROVAL' | 'APPROVED' | 'REJECTED';

/** 'SAVED_AS_DRAFT' -> 'Saved As Draft'; 'N/A' when there is no status. */
export function pcsStatusLabel(status: string | null | undefined): string {
  return status ? titleCase(status) : 'N/A';
}

/** Pill colours (antd presets): draft and waiting primary, rejected red, approved green. */
export function pcsStatusColor(status: string | null | undefined): string {
  switch (status) {
    case 'APPROVED':
      return 'success';
    case 'REJECTED':
      return 'error';
    case 'SAVED_AS_DRAFT':
    case 'WAITING_FOR_APPROVAL':
      return 'processing';
    default:
      return 'default';
  }
}

const SHORT: Record<string, string> = { SAVED_AS_DRAFT: 'Draft', WAITING_FOR_APPROVAL: 'Waiting' };

/** The status in a word, for a lead card: 'Draft', 'Waiting', 'Approved', 'Rejected'; 'None' without a sheet. */
export function pcsStatusShort(status: string | null | undefined): string {
  return status ? (SHORT[status] ?? titleCase(status)) : 'None';
}
