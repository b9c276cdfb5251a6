import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Spin } from 'antd';
import { useState } from 'react';
import { DescriptionDialog } from '@/components/description-dialog';
import { toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { invalidateDomains } from '@/lib/query-domains';
import { approvalTimelineQueryOptions, decideApproval } from '../api/approvals-api';
import { approvalKeys } from '../api/keys';
import type { ApproversAction, QueueRow } from '../api/types';
import { canRetryDecision, toastApprovalError } from '../lib/errors';
import { formatDateTime } from '@/lib/format';
import { DECISION_RECEIVED, requestTypeLabel } from '../lib/labels';
import { ApprovalTimeline } from './approval-timeline';

/** A review dialog wide enough for a three-layer timeline graph. */
export const REVIEW_DIALOG_WIDTH = 760;
export const NO_LEADS_TEXT = 'No Leads.';

export function decisionToast(requester: string, action: ApproversAction): string {
  return `'${requester}' request has been ${action === 'APPROVED' ? 'approved' : 'rejected'} successfully.`;
}

export interface ReviewDialogProps {
  row: QueueRow | null;
  canDecide: boolean;
  onClose: () => void;
}

/** Shows a request and its live timeline; the reviewer approves or rejects (reject needs a description). */
export function ReviewDialog({ row, canDecide, onClose }: ReviewDialogProps) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<ApproversAction | null>(null);
  const timeline = useQuery(approvalTimelineQueryOptions(row?.approvalId));
  // The caller's decision on this request is already on its way.
  const decidable = canDecide && !row?.processing;

  const decide = useMutation({
    mutationFn: ({ request, decision, note }: { request: QueueRow; decision: ApproversAction; note: string }) =>
      decideApproval(request.approvalId, { approversAction: decision, note: note || null }),
    onSuccess: (result, { request, decision }) => {
      // A 202: received, not yet confirmed. It will apply, so it is news, never a failure.
      if (result.processing) toast.info(result.message ?? DECISION_RECEIVED);
      else toast.success(decisionToast(request.requestedByName, decision));
      setAction(null);
      onClose();
    },
    onError: (error) => {
      // One answer per refusal: the server's message; the dialogs stay only when there is something to do.
      toastApprovalError(error);
      if (!canRetryDecision(error)) {
        setAction(null);
        onClose();
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      // A decision moves, holds, drops or closes the lead: the boards and the dashboard's figures change.
      void invalidateDomains(queryClient, 'leads', 'dashboard');
    },
  });

  return (
    <>
      <Modal
        open={row !== null}
        title="Review Request"
        width={REVIEW_DIALOG_WIDTH}
        centered
        destroyOnHidden
        onCancel={onClose}
        className="approval-review"
        footer={
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>Cancel</Button>
            <Button danger icon={<CloseOutlined />} disabled={!decidable} onClick={() => setAction('REJECTED')}>
              Reject
            </Button>
            <Button type="primary" icon={<CheckOutlined />} disabled={!decidable} onClick={() => setAction('APPROVED')}>
              Approve
            </Button>
          </Flex>
        }
      >
        {row && (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                { key: 'type', label: 'Request', children: requestTypeLabel(row.requestType) },
                { key: 'by', label: 'Requested by', children: row.requestedByName },
                { key: 'client', label: 'Client', children: row.clientName ?? '-' },
                { key: 'project', label: 'Project', children: row.leadId ? (row.projectName ?? '-') : NO_LEADS_TEXT },
                { key: 'stages', label: 'Stages', children: row.combinedStageDescriptions ?? '-' },
                { key: 'at', label: 'Requested at', children: formatDateTime(row.requestedAt) },
                { key: 'notes', label: 'Notes', span: 'filled', children: row.notes || '-' },
              ]}
            />
            {timeline.isLoading ? (
              <Flex justify="center" style={{ padding: 32 }}>
                <Spin />
              </Flex>
            ) : timeline.isError ? (
              <Alert type="warning" showIcon title="The timeline could not be loaded." description={errorMessage(timeline.error)} />
            ) : timeline.data ? (
              <ApprovalTimeline timeline={timeline.data} />
            ) : null}
          </>
        )}
      </Modal>
      <DescriptionDialog
        open={action !== null}
        title={action === 'REJECTED' ? 'Reject Request' : 'Approve Request'}
        intro={
          row
            ? `${action === 'REJECTED' ? 'Reject' : 'Approve'} the ${requestTypeLabel(row.requestType).toLowerCase()} request of '${row.requestedByName}'?`
            : undefined
        }
        required={action === 'REJECTED'}
        danger={action === 'REJECTED'}
        loading={decide.isPending}
        onCancel={() => setAction(null)}
        onConfirm={(note) => row && action && decide.mutate({ request: row, decision: action, note })}
      />
    </>
  );
}
