import { Tag, Timeline as AntTimeline, Typography } from 'antd';
import type { Timeline } from '../api/types';
import { layerStatusColors } from '@/components/approval-layer';
import { titleCase } from '@/lib/format';
import { TemporalLink } from '@/components/temporal-link/temporal-link';
import { ApproverLine, LayerClock, LayerRoute } from './approval-timeline-graph';

const DOT_COLORS: Record<string, string> = { PENDING: 'blue', APPROVED: 'green', REJECTED: 'red', WAITING: 'gray', SKIPPED: '#d9d9d9' };

/** The compact timeline for narrow screens: one entry per layer, top to bottom. */
export function ApprovalTimelineList({ timeline }: { timeline: Timeline }) {
  const layers = [...timeline.layers].sort((a, b) => a.seqNo - b.seqNo);
  return (
    <div className="approval-timeline-list">
      <AntTimeline
        items={layers.map((layer, i) => {
          const status = layer.layerStatus;
          return {
            key: i,
            color: DOT_COLORS[status] ?? 'gray',
            content: (
              <div data-testid="timeline-item" className={status === 'SKIPPED' ? 'approval-timeline-item is-skipped' : 'approval-timeline-item'}>
                <div className="approval-node__head">
                  <Typography.Text strong>{layer.layerName}</Typography.Text>
                  <Tag color={layerStatusColors(status).tag} variant="filled">
                    {titleCase(status)}
                  </Tag>
                </div>
                <Typography.Text type="secondary" className="approval-node__seq">
                  {layer.approvalType}
                  {layer.approvalType === 'Several User' ? ` · min ${layer.minApprovals}` : ''} · {layer.label}
                </Typography.Text>
                <LayerRoute layer={layer} />
                {!layer.skipped && (
                  <>
                    <LayerClock layer={layer} />
                    {layer.approvers.map((approver) => (
                      <ApproverLine key={approver.id} approver={approver} />
                    ))}
                  </>
                )}
              </div>
            ),
          };
        })}
      />
      <TemporalLink url={timeline.temporalUrl} />
    </div>
  );
}
