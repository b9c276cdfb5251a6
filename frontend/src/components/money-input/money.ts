/** Money mask (spec §5): "." thousands, "," decimals, at most 13 integer and 2 decimal digits. */
export const MONEY_INTEGER_LIMIT = 13;
export const MONEY_DECIMAL_LIMIT = 2;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Turns whatever was typed into the masked text: keeps digits and the first ",", drops minus
 * signs and leading zeroes, groups thousands with "." and cuts extra digits.
 */
export function formatMoneyInput(raw: string): string {
  const cleaned = raw.replace(/[^\d,]/g, '');
  if (cleaned === '') return '';
  const commaAt = cleaned.indexOf(',');
  const hasComma = commaAt >= 0;
  let integer = hasComma ? cleaned.slice(0, commaAt) : cleaned;
  const decimals = hasComma ? cleaned.slice(commaAt + 1).replace(/,/g, '') : '';

  integer = integer.replace(/^0+(?=\d)/, ''); // no leading zeroes, but "0" itself stays
  integer = integer.slice(0, MONEY_INTEGER_LIMIT);
  if (integer === '' && hasComma) integer = '0';

  const grouped = groupThousands(integer);
  return hasComma ? `${grouped},${decimals.slice(0, MONEY_DECIMAL_LIMIT)}` : grouped;
}

/** Reads a masked money text ("1.250.000,5") as a number, or null when empty. */
export function parseMoney(text: string | null | undefined): number | null {
  if (!text) return null;
  const masked = formatMoneyInput(text);
  if (masked === '') return null;
  const n = Number(masked.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** The masked text for a number (negative values are shown as their absolute value). */
export function formatMoneyValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const [integer, decimals = ''] = Math.abs(value).toFixed(MONEY_DECIMAL_LIMIT).split('.');
  const trimmed = decimals.replace(/0+$/, '');
  return formatMoneyInput(trimmed ? `${integer},${trimmed}` : integer);
}
