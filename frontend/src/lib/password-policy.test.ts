import {
  meetsPasswordPolicy,
  PASSWORD_MESSAGES,
  validateConfirmPassword,
  validateNewPassword,
} from './password-policy';

describe('meetsPasswordPolicy', () => {
  it('accepts a password that meets every rule', () => {
    expect(meetsPasswordPolicy('Pipeline#2026!Go')).toBe(true);
    expect(meetsPasswordPolicy('AbCd12!@efgh')).toBe(true); // exactly 12
    expect(meetsPasswordPolicy('AbCd12!@efghijklmnop')).toBe(true); // exactly 20
  });

  it.each([
    ['too short', 'AbCd12!@efg'],
    ['too long', 'AbCd12!@efghijklmnopq'],
    ['one uppercase', 'Abcd12!@efgh'],
    ['one lowercase', 'ABCD12!@EFGh'],
    ['one digit', 'AbCd1x!@efgh'],
    ['one special', 'AbCd12!xefgh'],
    ['three repeats in a row', 'AbCd12!@eeeh'],
    ['a space', 'AbCd12!@ ef gh'],
    ['a character outside the allowed set', 'AbCd12!@efgh?'],
    ['a non-ASCII letter', 'AbCd12!@éfgh'],
  ])('rejects %s', (_label, password) => {
    expect(meetsPasswordPolicy(password)).toBe(false);
  });

  it('allows a character repeated exactly twice in a row', () => {
    expect(meetsPasswordPolicy('AAbb12!@efgh')).toBe(true);
  });
});

describe('field messages', () => {
  it('requires the new password and applies the policy', () => {
    expect(validateNewPassword('')).toBe(PASSWORD_MESSAGES.newRequired);
    expect(validateNewPassword('short')).toBe(
      'Password must be 12-20 characters long, contain at least 2 uppercase letters, 2 lowercase letters, 2 numbers, 2 special characters, and cannot contain more than 2 repeating characters or spaces.',
    );
    expect(validateNewPassword('Pipeline#2026!Go')).toBeNull();
  });

  it('requires a matching confirmation', () => {
    expect(validateConfirmPassword('Pipeline#2026!Go', '')).toBe('Confirm password is required');
    expect(validateConfirmPassword('Pipeline#2026!Go', 'Pipeline#2026!Gx')).toBe('Passwords must match');
    expect(validateConfirmPassword('Pipeline#2026!Go', 'Pipeline#2026!Go')).toBeNull();
  });
});
