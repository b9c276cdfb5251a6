import type { ProofAnswer } from '@/components/second-factor';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { userKeys } from './keys';

/** A current authenticator code or a recovery code. */
export type Proof = ProofAnswer;

/** Whether one's second factor is on, and one's recovery codes left. */
export const ownSecondFactorQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.secondFactor,
    queryFn: () => unwrap(api.GET('/auth/second-factor')),
  });

/** A new secret with its QR code; on only once confirmed. */
export function startSetup() {
  return unwrap(api.POST('/auth/second-factor/setup'));
}

/** Turns the factor on with a current code; answers the recovery codes, once. */
export function confirmSetup(code: string) {
  return unwrap(api.POST('/auth/second-factor/confirm', { body: { code } }));
}

export function turnOff(proof: Proof) {
  return unwrap(api.POST('/auth/second-factor/disable', { body: proof }));
}

/** Ten new recovery codes; the earlier ones stop working. */
export function renewRecoveryCodes(proof: Proof) {
  return unwrap(api.POST('/auth/second-factor/recovery-codes', { body: proof }));
}
