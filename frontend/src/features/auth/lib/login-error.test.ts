import { ApiError } from '@/lib/api/errors';
import { deviceVerification, LOGIN_FAILED, LOGIN_INVALID, loginErrorMessage } from './login-error';

describe('loginErrorMessage', () => {
  it('shows the fixed text for a 400', () => {
    expect(loginErrorMessage(new ApiError(400, { messages: ['whatever'] }))).toBe(LOGIN_INVALID);
  });
  it.each([
    'Too many failed sign-in attempts. Try again in 2 seconds.',
    'Too many failed sign-in attempts from your address. Try again in 15 minutes.',
    'Too many sign-in codes were sent lately. Try again in 15 minutes.',
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

describe('deviceVerification', () => {
  const body = {
    messages: ['We emailed a code to m***@example.com. Enter it to finish signing in.'],
    type: 'DeviceVerificationRequired',
    challenge: 'c'.repeat(43),
    email: 'm***@example.com',
    resendAfter: 30,
    expiresIn: 600,
  };
  it('reads the challenge of a 401 DeviceVerificationRequired', () => {
    expect(deviceVerification(new ApiError(401, body))).toEqual(body);
  });
  it('is null for any other failure', () => {
    expect(deviceVerification(new ApiError(401, { messages: ['No e-mail address'], type: 'Unauthorized' }))).toBeNull();
    expect(deviceVerification(new ApiError(400, { ...body, type: 'BadRequest' }))).toBeNull();
    expect(deviceVerification(new TypeError('Failed to fetch'))).toBeNull();
  });
});
