import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Modal, Skeleton, Tag, Timeline, Typography } from 'antd';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { LayerConditions, SkippedReason, layerStatusColors } from '@/components/approval-layer';
import { TemporalLink } from '@/components/temporal-link/temporal-link';
import { approvalFlowQueryOptions } from '../api/pcs-api';
import type { ApprovalFlow } from '../api/types';
import { statusLabel } from '../lib/sheet';

export const APPROVAL_STATUS_EMPTY = 'PCS approval status data is empty';

function FlowTimeline({ flow }: { flow: ApprovalFlow }) {
  const layers = [...flow.layers].sort((a, b) => a.seqNo - b.seqNo);
  return (
    <div className="pcs-flow">
      <div className="pcs-flow__heading">
        <Typography.Text type="secondary">{flow.heading}</Typography.Text>{' '}
        <Typography.Text strong>{formatDateTime(flow.date)}</Typography.Text>
      </div>
      {layers.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No approval layers" />
      ) : (
        <Timeline
          items={layers.map((layer, i) => {
            const status = layer.layerStatus; // the server marks every layer of an approved sheet approved
            const colors = layerStatusColors(status);
            return {
              key: i,
              color: colors.border,
              content: (
                <div className="pcs-flow__layer" data-testid="pcs-flow-layer">
                  <div className="pcs-flow__layer-head">
                    <Typography.Text strong>{layer.layerName}</Typography.Text>
                    <Tag color={colors.tag}>{statusLabel(status)}</Tag>
                  </div>
                  <Typography.Text type="secondary" className="pcs-flow__meta">
                    {layer.approvalType} · Seq {layer.seqNo}
                  </Typography.Text>
                  <div className="pcs-flow__label">{layer.label}</div>
                  <SkippedReason reason={layer.skipped} />
                  <LayerConditions conditions={layer.conditions} />
                  {layer.approvers.map((approver) => (
                    <div key={approver.username} className="pcs-flow__approver">
                      <Typography.Text>{approver.username}</Typography.Text>
                      <span className="pcs-flow__action">
                        {approver.actionType ? (
                          <Tag color={approver.actionType === 'REJECTED' ? 'error' : 'success'}>
                            {statusLabel(approver.actionType)}
                          </Tag>
                        ) : (
                          <Typography.Text type="secondary">Not yet</Typography.Text>
                        )}
                        {approver.approvedAt && (
                          <Typography.Text type="secondary">{formatDateTime(approver.approvedAt)}</Typography.Text>
                        )}
                      </span>
                    </div>
                  ))}
                </div>
              ),
            };
          })}
        />
      )}
      <TemporalLink url={flow.temporalUrl}>Open the workflow in Temporal</TemporalLink>
    </div>
  );
}

export interface ApprovalStatusDialogProps {
  open: boolean;
  leadId: number;
  status: string;
  /** null for the current revision, else the history entry's batch. */
  revisionBatch: number | null;
  onClose: () => void;
}

/** The sheet's approval status as a timeline (spec §2.5); a rejected current revision has none. */
export function ApprovalStatusDialog({ open, leadId, status, revisionBatch, onClose }: ApprovalStatusDialogProps) {
  const flow = useQuery({ ...approvalFlowQueryOptions(leadId, status, revisionBatch), enabled: open });
  const empty = flow.isError && isApiError(flow.error) && flow.error.status === 404;
  return (
    <Modal open={open} title="PCS Approval Status" onCancel={onClose} footer={null} width={520} destroyOnHidden>
      {flow.isPending && open ? (
        <Skeleton active />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={APPROVAL_STATUS_EMPTY} />
      ) : flow.isError ? (
        <Alert type="error" showIcon title="Error loading data" description={errorMessage(flow.error)} />
      ) : flow.data ? (
        <FlowTimeline flow={flow.data} />
      ) : null}
    </Modal>
  );
}
