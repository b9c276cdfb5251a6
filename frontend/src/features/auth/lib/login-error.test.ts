import { ApiError } from '@/lib/api/errors';
import { LOGIN_FAILED, LOGIN_INVALID, loginErrorMessage } from './login-error';

describe('loginErrorMessage', () => {
  it('shows the fixed text for a 400', () => {
    expect(loginErrorMessage(new ApiError(400, { messages: ['whatever'] }))).toBe(LOGIN_INVALID);
  });
  it.each([
    'Too many failed sign-in attempts. Try again in 2 seconds.',
    'Too many failed sign-in attempts from your address. Try again in 15 minutes.',
    'This account is locked after too many failed sign-in attempts. Try again in 15 minutes or ask an administrator to unlock it.',
  ])('shows the throttle message of a 429: %s', (msg) => {
    const body = { messages: [msg], type: 'TooManyRequests', retryAfter: 2 };
    expect(loginErrorMessage(new ApiError(429, body))).toBe(msg);
  });
  it('shows the server message of a 500, or the fallback', () => {
    expect(loginErrorMessage(new ApiError(500, { messages: ['Database down'] }))).toBe('Database down');
    expect(loginErrorMessage(new ApiError(500, 'Internal Server Error'))).toBe(LOGIN_FAILED);
  });
  it('falls back for network failures', () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(LOGIN_FAILED);
  });
});
