import { toast } from '@/components/dialogs';
import { isApiError, OOPS, serverMessages } from '@/lib/api/errors';

export const SOMETHING_WENT_WRONG = 'Something went wrong !';

/** Approval errors (spec 2 §8): 400/500 'Something went wrong !' with the server message; else it or 'Oops..'. */
export function toastApprovalError(error: unknown): void {
  const message = serverMessages(error).join(' ') || undefined;
  if (isApiError(error) && (error.status === 400 || error.status === 500)) {
    toast.error(SOMETHING_WENT_WRONG, message);
    return;
  }
  toast.error(message ?? OOPS);
}

/** Refusals a person can act on in the open dialog: fix the note, or try again in a moment. */
const RETRY_TYPES = new Set(['NoteRequired', 'NoteTooLong', 'ValidationFailed', 'RequestStarting']);

/**
 * Whether the Review dialog stays open after a refused decision: a note to fix (422) or a failure worth
 * another try (400, 5xx, no answer, 409 RequestStarting). A request the caller may not decide now (403 NotAnApprover;
 * 409 AlreadyDecided, LayerDecided, NotYourTurn, RequestFinished; 404) closes it, and the queue is refreshed.
 */
export function canRetryDecision(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 422 || (error.type !== undefined && RETRY_TYPES.has(error.type))) return true;
  return error.status === 400 || error.status >= 500;
}
