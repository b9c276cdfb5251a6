import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.auth] as const;

/** The password-reset link's check and the sign-in page's options (the session's key is lib/session's: the app
 * loads it). */
export const authKeys = {
  resetToken: (token: string) => [...all, 'reset-token', token] as const,
  signInOptions: () => [...all, 'sign-in-options'] as const,
};
