import { HourglassOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import { formatDateTime } from '@/lib/format';
import type { WaitingFor } from '../api/types';

/** "move to E4 Proposal", "On Hold", or the request's own label. */
function target(w: WaitingFor): string {
  if (w.targetStageName) return `move to ${w.targetStageName}`;
  if (w.targetStatus) return w.targetStatus;
  return w.requestTypeLabel;
}

/** "layer 1 of 2 (Managers): waiting for Approver One, Approver Two", or what the server is doing now. */
function stateText(w: WaitingFor): string {
  if (w.state === 'STARTING') return 'the request is being sent to the approvers';
  if (w.state === 'PROCESSING') return 'a decision is being applied';
  const layer = `layer ${w.layerSeq} of ${w.layerCount}${w.layerName ? ` (${w.layerName})` : ''}`;
  return w.pendingApprovers.length > 0 ? `${layer}: waiting for ${w.pendingApprovers.join(', ')}` : layer;
}

/** The one line that says what a waiting lead waits for. */
export function waitingForTitle(w: WaitingFor): string {
  return `Waiting for approval: ${target(w)} — ${stateText(w)}`;
}

/** What a waiting lead waits for: the target stage or status, the layer deciding now and who still has to. */
export function WaitingForBanner({ waitingFor }: { waitingFor: WaitingFor }) {
  return (
    <Alert
      className="waiting-for"
      data-testid="waiting-for"
      type="warning"
      showIcon
      icon={<HourglassOutlined />}
      title={waitingForTitle(waitingFor)}
      description={
        <div className="waiting-for__details">
          <Typography.Text type="secondary">
            {waitingFor.requestTypeLabel} requested
            {waitingFor.requestedByName ? ` by ${waitingFor.requestedByName}` : ''} on{' '}
            {formatDateTime(waitingFor.requestedAt)}
          </Typography.Text>
          {waitingFor.notes && (
            <div className="waiting-for__notes">
              <Typography.Text type="secondary">Notes: </Typography.Text>
              <span>{waitingFor.notes}</span>
            </div>
          )}
        </div>
      }
    />
  );
}
