import { ClockCircleOutlined } from '@ant-design/icons';
import { Alert, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LayerConditions, SkippedReason } from '@/components/approval-layer';
import { formMessages } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { formatDateTime } from '@/lib/format';
import './approval-route.css';

export type RoutePreview = components['schemas']['RoutePreviewOut'];
export type RouteLayer = components['schemas']['RouteLayerOut'];
export type RouteApprover = components['schemas']['RouteApproverOut'];

/** Who decides: the approver, or "Maya Kusuma for Hendra Gunawan (out of office)" when a delegate stands in. */
export function routeApproverText(approver: RouteApprover): string {
  return approver.standsInFor ? `${approver.name} for ${approver.standsInFor} (out of office)` : approver.name;
}

function RouteLayerItem({ layer }: { layer: RouteLayer }) {
  const skipped = Boolean(layer.skipped);
  const mode = layer.mode === 'SEVERAL_USER' ? `${layer.modeLabel} · min ${layer.minApprovals}` : layer.modeLabel;
  return (
    <li className={`approval-route__layer${skipped ? ' is-skipped' : ''}`} data-testid="route-layer">
      <span className="approval-route__seq" aria-hidden>
        {layer.seqNo}
      </span>
      <div className="approval-route__body">
        <div className="approval-route__head">
          <Typography.Text strong className="approval-route__name">
            {layer.name}
          </Typography.Text>
          <Tag className="approval-route__mode" variant="filled">
            {mode}
          </Tag>
        </div>
        {skipped ? (
          <SkippedReason reason={layer.skipped} />
        ) : (
          <div className="approval-route__approvers">{layer.approvers.map(routeApproverText).join(', ') || '-'}</div>
        )}
        <LayerConditions conditions={layer.conditions} />
        {!skipped && layer.dueAt && (
          <div className="approval-route__due">
            <ClockCircleOutlined aria-hidden /> Expected due {formatDateTime(layer.dueAt)}
          </div>
        )}
      </div>
    </li>
  );
}

export interface ApprovalRouteProps {
  route?: RoutePreview | null;
  loading?: boolean;
  /** Why the route could not be read (a refusal: no pipeline, a pending request): its message is shown. */
  error?: unknown;
  /** Above the layers; "Approval route: <pipeline> v<version>" unless told. */
  title?: ReactNode;
}

/**
 * The route a request takes through its pipeline (a route preview): each layer in order with its mode, who decides
 * it (a delegate for an approver out of office), its conditions, a skipped layer greyed with why, and when it is
 * expected to be due. The server decides all of it; this only shows it. One column, so a phone reads it as a desk.
 */
export function ApprovalRoute({ route, loading = false, error, title }: ApprovalRouteProps) {
  if (error) {
    const messages = formMessages(error, 'The approval route could not be read.');
    return (
      <Alert
        className="approval-route approval-route--error"
        type="warning"
        showIcon
        title={messages.length === 1 ? messages[0] : 'The route cannot be shown:'}
        description={
          messages.length > 1 ? (
            <ul className="approval-route__messages">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : undefined
        }
      />
    );
  }
  if (loading || !route) {
    return (
      <div className="approval-route" aria-busy="true" aria-label="Reading the approval route">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  }
  const heading =
    title ??
    `Approval route${route.pipelineName ? `: ${route.pipelineName}` : ''}${route.version ? ` v${route.version}` : ''}`;
  return (
    <section className="approval-route" aria-label="Approval route">
      <div className="approval-route__title">{heading}</div>
      <ol className="approval-route__layers">
        {route.layers.map((layer) => (
          <RouteLayerItem key={layer.seqNo} layer={layer} />
        ))}
      </ol>
    </section>
  );
}
