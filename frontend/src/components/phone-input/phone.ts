/** The default country code (spec §9). */
export const PHONE_COUNTRY_CODE = '62';
/** How many trailing digits stay visible when the field is not focused. */
export const PHONE_VISIBLE_DIGITS = 4;
export const PHONE_MASK_CHAR = '•';
export const INVALID_PHONE_MESSAGE = 'Invalid phone number format';

// An optional 0, 62 or +62 prefix followed by 9 to 14 digits (spec §5).
const PHONE_PATTERN = /^(?:\+62|62|0)?\d{9,14}$/;

/**
 * Digits only; a leading 0 becomes 62 and anything else not starting with 62 gets 62 in front.
 * A lone "6" is kept as it is, since it is the start of 62 being typed.
 */
export function normalizePhone(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '');
  if (digits === '' || digits === '6') return digits;
  if (digits.startsWith(PHONE_COUNTRY_CODE)) return digits;
  if (digits.startsWith('0')) return `${PHONE_COUNTRY_CODE}${digits.slice(1)}`;
  return `${PHONE_COUNTRY_CODE}${digits}`;
}

/** Masks every digit after the country code except the last four: '62••••••••1234'. */
export function maskPhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  const prefix = digits.startsWith(PHONE_COUNTRY_CODE) ? PHONE_COUNTRY_CODE : '';
  const body = digits.slice(prefix.length);
  if (body.length <= PHONE_VISIBLE_DIGITS) return digits;
  const hidden = body.length - PHONE_VISIBLE_DIGITS;
  return `${prefix}${PHONE_MASK_CHAR.repeat(hidden)}${body.slice(hidden)}`;
}

/** True for an optional 0/62/+62 prefix followed by 9 to 14 digits. */
export function isValidPhone(value: string | null | undefined): boolean {
  return PHONE_PATTERN.test((value ?? '').trim());
}
