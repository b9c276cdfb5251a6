import { formatDate, genderLabel } from '@/lib/format';

/** The words of an audited field. */
const FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  fullname: 'Full name',
  nickname: 'Nickname',
  role: 'Role',
  leader: 'Leader',
  email: 'E-mail',
  phoneNumber: 'Phone',
  gender: 'Gender',
  dob: 'Date of birth',
  active: 'Active',
  url: 'URL',
  icon: 'Icon',
};

/** 'phoneNumber' -> 'Phone'; an unknown field in words ('menuLabel' -> 'Menu label'). */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const EMPTY = '—';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A changed value in words: '—' when empty, Yes/No for booleans, dates as the app writes them. */
export function changeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length > 0 ? value.map((v) => changeValue(field, v)).join(', ') : EMPTY;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (field === 'gender') return genderLabel(text);
  if (ISO_DATE.test(text)) return formatDate(text);
  return text;
}

/** 'Active: Yes → No'. */
export function changeText(change: { field: string; old?: unknown; new?: unknown }): string {
  return `${fieldLabel(change.field)}: ${changeValue(change.field, change.old)} → ${changeValue(change.field, change.new)}`;
}
