/** Special characters the password policy accepts (spec §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*()-_=+{};:,<.>';

export const PASSWORD_MESSAGES = {
  newRequired: 'New password is required',
  policy:
    'Password must be 12-20 characters long, contain at least 2 uppercase letters, 2 lowercase letters, 2 numbers, 2 special characters, and cannot contain more than 2 repeating characters or spaces.',
  confirmRequired: 'Confirm password is required',
  mustMatch: 'Passwords must match',
} as const;

function count(value: string, test: (ch: string) => boolean): number {
  let n = 0;
  for (const ch of value) if (test(ch)) n += 1;
  return n;
}

const isUpper = (ch: string) => ch >= 'A' && ch <= 'Z';
const isLower = (ch: string) => ch >= 'a' && ch <= 'z';
const isDigit = (ch: string) => ch >= '0' && ch <= '9';
const isSpecial = (ch: string) => PASSWORD_SPECIALS.includes(ch);

/** True when the password satisfies every rule of the policy. */
export function meetsPasswordPolicy(password: string): boolean {
  const length = [...password].length;
  if (length < 12 || length > 20) return false;
  if ([...password].some((ch) => !(isUpper(ch) || isLower(ch) || isDigit(ch) || isSpecial(ch)))) {
    return false; // also rejects spaces and any other character
  }
  if (count(password, isUpper) < 2) return false;
  if (count(password, isLower) < 2) return false;
  if (count(password, isDigit) < 2) return false;
  if (count(password, isSpecial) < 2) return false;
  if (/(.)\1\1/.test(password)) return false; // more than two of the same in a row
  return true;
}

/** The message for the New Password field, or null when it is valid. */
export function validateNewPassword(password: string | undefined | null): string | null {
  if (!password) return PASSWORD_MESSAGES.newRequired;
  return meetsPasswordPolicy(password) ? null : PASSWORD_MESSAGES.policy;
}

/** The message for the Confirm Password field, or null when it is valid. */
export function validateConfirmPassword(
  password: string | undefined | null,
  confirmation: string | undefined | null,
): string | null {
  if (!confirmation) return PASSWORD_MESSAGES.confirmRequired;
  return confirmation === password ? null : PASSWORD_MESSAGES.mustMatch;
}
