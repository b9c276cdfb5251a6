import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DescriptionDialog } from '@/components/description-dialog';
import { toast } from '@/components/dialogs';
import { invalidateDomains } from '@/lib/query-domains';
import { decideApproval } from '../api/approvals-api';
import { approvalKeys } from '../api/keys';
import type { ApproversAction, QueueRow } from '../api/types';
import { canRetryDecision, toastApprovalError } from '../lib/errors';
import { DECISION_RECEIVED, requestTypeLabel } from '../lib/labels';

export function decisionToast(requester: string, action: ApproversAction): string {
  return `'${requester}' request has been ${action === 'APPROVED' ? 'approved' : 'rejected'} successfully.`;
}

export interface Decide {
  /** Opens the decision's dialog: Approve asks to confirm (a note may be added), Reject asks for its note. */
  ask: (row: QueueRow, action: ApproversAction) => void;
  /** The dialog, to render where the decision is offered. */
  dialog: ReactNode;
}

/**
 * A decision on a request of the caller's queue, wherever it is offered (the queue's Review dialog, the lead's own
 * page): the same call (PUT /approval/{id}/handle-hold), the same answers and messages. `done` runs once the
 * decision is made, or refused in a way the caller cannot fix there (the request is then refreshed away).
 */
export function useDecide(done: () => void): Decide {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ row: QueueRow; action: ApproversAction } | null>(null);

  const decide = useMutation({
    mutationFn: ({ request, decision, note }: { request: QueueRow; decision: ApproversAction; note: string }) =>
      decideApproval(request.approvalId, { approversAction: decision, note: note || null }),
    onSuccess: (result, { request, decision }) => {
      // A 202: received, not yet confirmed. It will apply, so it is news, never a failure.
      if (result.processing) toast.info(result.message ?? DECISION_RECEIVED);
      else toast.success(decisionToast(request.requestedByName, decision));
      setAsked(null);
      done();
    },
    onError: (error) => {
      // One answer per refusal: the server's message; the dialogs stay only when there is something to do.
      toastApprovalError(error);
      if (!canRetryDecision(error)) {
        setAsked(null);
        done();
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      // A decision moves, holds, drops or closes the lead: the boards and the dashboard's figures change.
      void invalidateDomains(queryClient, 'leads', 'dashboard');
    },
  });

  const action = asked?.action;
  const dialog = (
    <DescriptionDialog
      open={asked !== null}
      title={action === 'REJECTED' ? 'Reject Request' : 'Approve Request'}
      intro={
        asked
          ? `${action === 'REJECTED' ? 'Reject' : 'Approve'} the ${requestTypeLabel(asked.row.requestType).toLowerCase()} request of '${asked.row.requestedByName}'?`
          : undefined
      }
      required={action === 'REJECTED'}
      danger={action === 'REJECTED'}
      loading={decide.isPending}
      onCancel={() => setAsked(null)}
      onConfirm={(note) => asked && decide.mutate({ request: asked.row, decision: asked.action, note })}
    />
  );
  return { ask: (row, chosen) => setAsked({ row, action: chosen }), dialog };
}
