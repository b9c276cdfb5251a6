import { toast } from '@/components/dialogs';
import { DEFAULT_ERROR_MESSAGE, isApiError } from '@/lib/api/errors';

export const SOMETHING_WENT_WRONG = 'Something went wrong !';
export const OOPS = 'Oops.. something went wrong';

/** The server's messages of a refusal, or FastAPI's 422 list joined as one message; none otherwise. */
export function serverMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const real = error.messages.filter((m) => m !== DEFAULT_ERROR_MESSAGE);
  if (real.length > 0) return real;
  // the field errors of a 422: [{field, message}]
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  const texts = fields.map((d) => (d && typeof d === 'object' ? (d as { message?: unknown }).message : undefined));
  const found = texts.filter((t): t is string => typeof t === 'string');
  return found.length > 0 ? [found.join(' ')] : [];
}

/** Approval errors (spec 2 §8): 400/500 'Something went wrong !' with the server message; else it or 'Oops..'. */
export function toastApprovalError(error: unknown): void {
  const message = serverMessages(error).join(' ') || undefined;
  if (isApiError(error) && (error.status === 400 || error.status === 500)) {
    toast.error(SOMETHING_WENT_WRONG, message);
    return;
  }
  toast.error(message ?? OOPS);
}
