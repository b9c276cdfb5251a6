import type { ProofAnswer } from '@/components/second-factor';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type JsonBody } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { authKeys } from './keys';

export function login(username: string, password: string) {
  return unwrap(api.POST('/auth/login', { body: { username, password } }));
}

/** Finishes a sign-in from a new device with the code mailed for its challenge (the login's 401). */
export function verifySignInCode(challenge: string, code: string) {
  return unwrap(api.POST('/auth/login/code', { body: { challenge, code } }));
}

/** Mails a new code for the challenge; the earlier code stops working. */
export function resendSignInCode(challenge: string) {
  return unwrap(api.POST('/auth/login/code/resend', { body: { challenge } }));
}

/** The answer to a second-factor challenge (the login's 401 SecondFactorRequired): a code or a recovery code. */
export type SecondFactorAnswer = ProofAnswer;

/** Finishes a sign-in with a code of the user's authenticator app or a recovery code. */
export function verifySecondFactor(challenge: string, answer: SecondFactorAnswer) {
  return unwrap(api.POST('/auth/login/second-factor', { body: { challenge, ...answer } }));
}

/** Finishes a sign-in that had to set up a second factor: the token and the recovery codes (shown once). */
export function enrolSecondFactor(challenge: string, code: string) {
  return unwrap(api.POST('/auth/login/second-factor/enrol', { body: { challenge, code } }));
}

/** Ends the session on the server; the refresh cookie goes along and is cleared. */
export function logout() {
  return unwrap(api.POST('/auth/logout'));
}

export function sendResetMail(username: string) {
  return unwrap(
    api.POST('/auth/forgot-password/send-mail', {
      body: { username, redirectBaseUrl: window.location.origin },
    }),
  );
}

/** Checks a password-reset token; a 400 (invalid or expired) is final, so it is not retried. */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: () => unwrap(api.GET('/auth/forgot-password', { params: { query: { token } } })),
    retry: (failureCount, error) => !(isApiError(error) && error.status === 400) && failureCount < 3,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });

/** What the sign-in page offers: the password form or not, and a button per OpenID provider. */
export const signInOptionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.signInOptions(),
    queryFn: () => unwrap(api.GET('/auth/sign-in-options')),
    staleTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
  });

/** Where a "Sign in with ..." button goes: the API sends the browser on to the provider, and its answer back to the
 * app (`returnTo`) with the session open, or to /signin?oidc_error=<code> (lib/oidc-error). */
export function providerSignInUrl(key: string, returnTo: string): string {
  const query = returnTo === '/' ? '' : `?${new URLSearchParams({ returnTo }).toString()}`;
  return `/api/auth/oidc/${encodeURIComponent(key)}/start${query}`;
}

export type ResetPasswordInput = JsonBody<'/auth/forgot-password', 'put'>;

export function resetPassword(body: ResetPasswordInput) {
  return unwrap(api.PUT('/auth/forgot-password', { body }));
}
