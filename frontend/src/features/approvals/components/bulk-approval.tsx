import { CheckCircleFilled, CheckOutlined, CloseCircleFilled, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DescriptionDialog } from '@/components/description-dialog';
import { invalidateDomains } from '@/lib/query-domains';
import { decideBulk } from '../api/approvals-api';
import { approvalKeys } from '../api/keys';
import type { BulkDecision, BulkItem, QueueRow } from '../api/types';
import { toastApprovalError } from '../lib/errors';
import { requestTypeLabel } from '../lib/labels';
import './approvals.css';

/** The most requests one bulk decision takes (the server's limit). */
export const BULK_MAX = 50;

export interface BulkResult {
  answer: BulkDecision;
  /** The selected rows, to name each request in the result. */
  rows: ReadonlyMap<number, QueueRow>;
}

function rowName(row: QueueRow | undefined, approvalId: number): string {
  if (!row) return `Request #${approvalId}`;
  const lead = row.projectName ? `${row.projectName}${row.clientName ? ` (${row.clientName})` : ''}` : 'No Leads.';
  return `${requestTypeLabel(row.requestType)} · ${lead} · ${row.requestedByName}`;
}

const OUTCOME_TAGS: Record<BulkItem['outcome'], { color: string; text: string }> = {
  APPROVED: { color: 'success', text: 'Approved' },
  REJECTED: { color: 'error', text: 'Rejected' },
  PROCESSING: { color: 'processing', text: 'Processing' },
  REFUSED: { color: 'warning', text: 'Refused' },
};

function ResultItem({ item, row }: { item: BulkItem; row: QueueRow | undefined }) {
  const refused = item.outcome === 'REFUSED';
  const icon =
    item.outcome === 'PROCESSING' ? (
      <SyncOutlined style={{ color: '#1677ff' }} />
    ) : refused ? (
      <CloseCircleFilled style={{ color: '#faad14' }} />
    ) : (
      <CheckCircleFilled style={{ color: '#52c41a' }} />
    );
  const tag = OUTCOME_TAGS[item.outcome];
  return (
    <li className="approval-bulk-result__item" data-outcome={item.outcome}>
      <span aria-hidden="true">{icon}</span>
      <div className="approval-bulk-result__text">
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{rowName(row, item.approvalId)}</Typography.Text>
          <Tag color={tag.color}>{tag.text}</Tag>
        </Flex>
        <Typography.Text type={refused ? 'warning' : 'secondary'}>{item.message}</Typography.Text>
      </div>
    </li>
  );
}

/** What a bulk decision did: the requests decided (or received), then those refused and why. */
export function BulkResultDialog({ result, onClose }: { result: BulkResult | null; onClose: () => void }) {
  const items = result?.answer.items ?? [];
  const decided = items.filter((i) => i.outcome !== 'REFUSED');
  const refused = items.filter((i) => i.outcome === 'REFUSED');
  const section = (title: string, list: BulkItem[]) =>
    list.length > 0 && (
      <section aria-label={title}>
        <Typography.Title level={5}>
          {title} ({list.length})
        </Typography.Title>
        <ul className="approval-bulk-result__list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((item) => (
            <ResultItem key={item.approvalId} item={item} row={result?.rows.get(item.approvalId)} />
          ))}
        </ul>
      </section>
    );
  return (
    <Modal
      open={result !== null}
      title="Bulk decision"
      centered
      destroyOnHidden
      onCancel={onClose}
      className="approval-bulk-result"
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {decided.length} decided, {refused.length} refused.
      </Typography.Paragraph>
      <Flex vertical gap={12}>
        {section('Decided', decided)}
        {section('Refused', refused)}
      </Flex>
    </Modal>
  );
}

/** The selection's action: approve every selected request (an optional note), then show what happened. */
export function BulkApproveButton({
  rows,
  onDone,
}: {
  rows: ReadonlyMap<number, QueueRow>;
  onDone: (result: BulkResult) => void;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const count = rows.size;
  const approve = useMutation({
    mutationFn: (note: string) =>
      decideBulk({ approvalIds: [...rows.keys()], approversAction: 'APPROVED', note: note || null }),
    onSuccess: (answer) => {
      setAsking(false);
      onDone({ answer, rows: new Map(rows) });
    },
    onError: (error) => toastApprovalError(error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      void invalidateDomains(queryClient, 'leads', 'dashboard');
    },
  });
  const tooMany = count > BULK_MAX;
  return (
    <>
      <Button
        type="primary"
        icon={<CheckOutlined />}
        disabled={count === 0 || tooMany}
        title={tooMany ? `At most ${BULK_MAX} requests at once.` : undefined}
        onClick={() => setAsking(true)}
      >
        Approve selected ({count})
      </Button>
      <DescriptionDialog
        open={asking}
        title="Approve Requests"
        intro={`Approve the ${count} selected ${count === 1 ? 'request' : 'requests'}? Each one is decided on its own; those that cannot be approved are listed with the reason.`}
        required={false}
        okText="Approve"
        loading={approve.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={(note) => approve.mutate(note)}
      />
    </>
  );
}
