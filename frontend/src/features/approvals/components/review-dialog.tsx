import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Spin } from 'antd';
import { errorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { approvalTimelineQueryOptions } from '../api/approvals-api';
import type { QueueRow } from '../api/types';
import { requestTypeLabel } from '../lib/labels';
import { ApprovalTimeline } from './approval-timeline';
import { useDecide } from './decide';

/** A review dialog wide enough for a three-layer timeline graph. */
export const REVIEW_DIALOG_WIDTH = 760;
export const NO_LEADS_TEXT = 'No Leads.';

export interface ReviewDialogProps {
  row: QueueRow | null;
  canDecide: boolean;
  onClose: () => void;
}

/** Shows a request and its live timeline; the reviewer approves or rejects (reject needs a description). */
export function ReviewDialog({ row, canDecide, onClose }: ReviewDialogProps) {
  const timeline = useQuery(approvalTimelineQueryOptions(row?.approvalId));
  const { ask, dialog } = useDecide(onClose);
  // The caller's decision on this request is already on its way.
  const decidable = canDecide && !row?.processing;

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
            <Button danger icon={<CloseOutlined />} disabled={!decidable} onClick={() => row && ask(row, 'REJECTED')}>
              Reject
            </Button>
            <Button type="primary" icon={<CheckOutlined />} disabled={!decidable} onClick={() => row && ask(row, 'APPROVED')}>
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
      {dialog}
    </>
  );
}
