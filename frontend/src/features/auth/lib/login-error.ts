import { isApiError } from '@/lib/api/errors';
import type { DeviceVerification, SecondFactorChallenge, SecondFactorEnrolment } from '@/lib/api/types';

export const LOGIN_INVALID = 'Invalid username or password combination';
export const LOGIN_FAILED = 'Something went wrong, failed to log in to system';

/** The sign-in failure message (spec §8): 400 → fixed text; otherwise the server's message, such as a 429's
 * "Too many failed sign-in attempts. Try again in 2 seconds." of the sign-in throttle. */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return LOGIN_FAILED;
  if (error.status === 400) return LOGIN_INVALID;
  const real = error.messages.filter((m) => m !== 'got errors');
  return real.length > 0 ? real.join(' ') : LOGIN_FAILED;
}

/** The sign-in's answer when the password was right but this device must be confirmed with a mailed code (a 401 of
 * type DeviceVerificationRequired, README "Sign-in protection"); null for any other failure. */
export function deviceVerification(error: unknown): DeviceVerification | null {
  return refusal<DeviceVerification>(error, 'DeviceVerificationRequired');
}

/** A 401 of this type whose body carries the challenge of the sign-in's next step; null for any other failure. */
function refusal<T extends { challenge: string }>(error: unknown, type: string): T | null {
  if (!isApiError(error) || error.status !== 401 || error.type !== type) return null;
  const body = error.body as Partial<T>;
  return typeof body.challenge === 'string' ? (body as T) : null;
}

/** The sign-in's answer when the user confirms sign-ins with a second factor (401 SecondFactorRequired). */
export const secondFactorChallenge = (error: unknown) =>
  refusal<SecondFactorChallenge>(error, 'SecondFactorRequired');

/** The sign-in's answer when the user's role requires a second factor they have not set up yet (401
 * SecondFactorEnrolmentRequired, with the new secret and its QR code). */
export const secondFactorEnrolment = (error: unknown) =>
  refusal<SecondFactorEnrolment>(error, 'SecondFactorEnrolmentRequired');
