/** The default country code (spec §9). */
export const PHONE_COUNTRY_CODE = '62';
/** How many trailing digits stay visible when the field is not focused. */
export const PHONE_VISIBLE_DIGITS = 4;
export const PHONE_MASK_CHAR = '•';
export const INVALID_PHONE_MESSAGE = 'Invalid phone number format';

// What the field stores: the country code 62 and then 9 to 14 digits (spec 3 §5, §9). The spec's "optional 0, 62 or
// +62 prefix" is what normalizePhone turns into 62 first; matching the raw text instead read '621234567' as nine
// digits without a prefix, which the server (api/clients/contacts/validation.py) refuses as 62 and seven digits.
const PHONE_PATTERN = /^62\d{9,14}$/;

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

/** Whether a phone number is accepted: normalised, it is 62 and 9 to 14 digits (the server's rule). */
export function isValidPhone(value: string | null | undefined): boolean {
  return PHONE_PATTERN.test(normalizePhone(value));
}

export interface PhoneCheck {
  /** What it is stored as; null when nothing was typed. */
  normalised: string | null;
  /** Nothing typed is accepted here: whether a phone is required is the form's rule. */
  valid: boolean;
  message: string | null;
}

/** The phone rule as one answer, the same as the server's (phone-cases.json holds the cases both run). */
export function checkPhone(value: string | null | undefined): PhoneCheck {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits === '') return { normalised: null, valid: true, message: null };
  const normalised = normalizePhone(digits);
  const valid = PHONE_PATTERN.test(normalised);
  return { normalised, valid, message: valid ? null : INVALID_PHONE_MESSAGE };
}
