import { AuditOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { formatDateTime } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { leadQueueQueryOptions } from '../api/approvals-api';
import type { QueueRow } from '../api/types';
import { DECISION_RECEIVED } from '../lib/labels';
import { useDecide, type Decide } from './decide';
import { OnBehalfTags, ProcessingTag, RequestTypeTag } from './queue-cells';
import './approvals.css';

export const WAITING_FOR_YOU = 'Waiting for your decision';
const QUEUE_PAGE = 'system/approval';

interface RequestProps {
  row: QueueRow;
  canDecide: boolean;
  ask: Decide['ask'];
}

/** One request on the lead: what it asks, who asked and when, and the decision. */
function Request({ row, canDecide, ask }: RequestProps) {
  return (
    <section className="lead-decision" aria-label={WAITING_FOR_YOU}>
      <div className="lead-decision__what">
        <Flex align="center" gap={8} wrap>
          <AuditOutlined className="lead-decision__icon" />
          <Typography.Text strong>{WAITING_FOR_YOU}</Typography.Text>
          <RequestTypeTag type={row.requestType} />
          <OnBehalfTags row={row} />
          {row.processing && <ProcessingTag />}
        </Flex>
        <Typography.Text className="lead-decision__line">
          {row.combinedStageDescriptions ?? '-'}
          {row.layerName ? ` · layer ${row.layerName}` : ''}
        </Typography.Text>
        <Typography.Text type="secondary" className="lead-decision__line">
          Requested by {row.requestedByName} on {formatDateTime(row.requestedAt)}
        </Typography.Text>
        {row.notes && <Typography.Paragraph className="lead-decision__notes">{row.notes}</Typography.Paragraph>}
      </div>
      {canDecide && (
        <Flex className="lead-decision__actions" gap={8} wrap>
          <Button
            danger
            icon={<CloseOutlined />}
            disabled={row.processing}
            title={row.processing ? DECISION_RECEIVED : undefined}
            onClick={() => ask(row, 'REJECTED')}
          >
            Reject
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={row.processing}
            title={row.processing ? DECISION_RECEIVED : undefined}
            onClick={() => ask(row, 'APPROVED')}
          >
            Approve
          </Button>
        </Flex>
      )}
    </section>
  );
}

/**
 * On the lead's own page (its detail, or an approver's read-only view opened from the queue): the requests on it
 * waiting for the reader's decision, with Approve and Reject as the queue's Review dialog has them (the same call,
 * answers and messages). Nothing when none waits for them.
 */
export function LeadDecision({ leadId }: { leadId: number }) {
  const access = usePageAccess(QUEUE_PAGE);
  const waiting = useQuery({ ...leadQueueQueryOptions(leadId), enabled: access.isRead });
  const { ask, dialog } = useDecide(() => undefined);
  if (!waiting.data || waiting.data.length === 0) return dialog;
  return (
    <>
      {waiting.data.map((row) => (
        <Request key={row.approvalId} row={row} canDecide={access.isEdit} ask={ask} />
      ))}
      {dialog}
    </>
  );
}
