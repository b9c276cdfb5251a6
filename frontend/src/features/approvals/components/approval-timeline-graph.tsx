import { BellOutlined, ClockCircleOutlined, RiseOutlined, SyncOutlined } from '@ant-design/icons';
import {
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Tag, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import type { Timeline, TimelineApprover, TimelineLayer } from '../api/types';
import { LayerConditions, layerStatusColors, SkippedReason } from '@/components/approval-layer';
import { TemporalLink } from '@/components/temporal-link/temporal-link';
import { titleCase } from '@/lib/format';
import { deadlineSummary } from '../lib/deadlines';
import './approvals.css';

export type TimelineDirection = 'horizontal' | 'vertical';

const NODE_WIDTH = 236;
const GAP_X = 56;
const GAP_Y = 40;
const BASE_HEIGHT = 118;
const APPROVER_HEIGHT = 46;
const CLOCK_LINE_HEIGHT = 20;
const ROUTE_LINE_HEIGHT = 34;

/** Who decided: "Maya Kusuma for Hendra Gunawan" when a delegate decided for the approver. */
export function approverName(approver: Pick<TimelineApprover, 'username' | 'actingName'>): string {
  return approver.actingName ? `${approver.actingName} for ${approver.username}` : approver.username;
}

/** One approver line: name (or the delegate's for them), escalated, action and time. */
export function ApproverLine({ approver }: { approver: TimelineApprover }) {
  const action = approver.actionType;
  const name = approverName(approver);
  return (
    <div className="approval-approver">
      <div className="approval-approver__head">
        <Typography.Text ellipsis={{ tooltip: name }} className="approval-approver__name">
          {name}
        </Typography.Text>
        {approver.escalated && (
          <Tag color="volcano" icon={<RiseOutlined />} variant="filled" title="The layer was escalated to them">
            escalated
          </Tag>
        )}
        {approver.processing ? (
          // Their decision was received and is being applied (the server could not confirm it in time).
          <Tag color="processing" icon={<SyncOutlined spin />} variant="filled">
            Processing
          </Tag>
        ) : (
          <Tag color={action === 'APPROVED' ? 'success' : action === 'REJECTED' ? 'error' : 'default'} variant="filled">
            {action ? titleCase(action) : 'Not yet'}
          </Tag>
        )}
      </div>
      {approver.approvedAt && (
        <Typography.Text type="secondary" className="approval-approver__time">
          {formatDateTime(approver.approvedAt)}
        </Typography.Text>
      )}
      {approver.note && (
        <Typography.Paragraph type="secondary" className="approval-approver__note" ellipsis={{ rows: 2, tooltip: approver.note }}>
          “{approver.note}”
        </Typography.Paragraph>
      )}
    </div>
  );
}

type ClockKind = 'due' | 'reminded' | 'escalated';
const CLOCK_ICONS: Record<ClockKind, ReactNode> = {
  due: <ClockCircleOutlined />,
  reminded: <BellOutlined />,
  escalated: <RiseOutlined />,
};

/** The lines a layer's clock takes: its deadline and due time, a reminder, an escalation. */
export function clockLines(layer: TimelineLayer): Array<{ kind: ClockKind; text: string }> {
  const lines: Array<{ kind: ClockKind; text: string }> = [];
  if (layer.deadline || layer.dueAt) {
    const parts = [layer.deadline && deadlineSummary(layer.deadline), layer.dueAt && `due ${formatDateTime(layer.dueAt)}`];
    lines.push({ kind: 'due', text: parts.filter(Boolean).join(' · ') });
  }
  if (layer.remindedAt) lines.push({ kind: 'reminded', text: `Reminded at ${formatDateTime(layer.remindedAt)}` });
  if (layer.escalatedToName) {
    const at = layer.escalatedAt ? ` at ${formatDateTime(layer.escalatedAt)}` : '';
    lines.push({ kind: 'escalated', text: `Escalated to ${layer.escalatedToName}${at}` });
  }
  return lines;
}

/** A layer's deadline and what its clock did: "2 W · then team leader · due 7-Jan-2026 14:05", reminder, escalation. */
export function LayerClock({ layer }: { layer: TimelineLayer }) {
  const lines = clockLines(layer);
  if (lines.length === 0) return null;
  return (
    <div className="approval-node__clock" data-testid="layer-clock">
      {lines.map(({ kind, text }) => (
        <Typography.Text
          key={kind}
          type={kind === 'escalated' ? 'danger' : 'secondary'}
          className="approval-node__clock-line"
          ellipsis={{ tooltip: text }}
        >
          {CLOCK_ICONS[kind]} {text}
        </Typography.Text>
      ))}
    </div>
  );
}

/** A layer's conditions, and why the request's route skipped it (a skipped layer is never asked: no approvers). */
export function LayerRoute({ layer }: { layer: Pick<TimelineLayer, 'conditions' | 'skipped'> }) {
  return (
    <>
      <LayerConditions conditions={layer.conditions} />
      <SkippedReason reason={layer.skipped} />
    </>
  );
}

interface LayerNodeData extends Record<string, unknown> {
  layer: TimelineLayer;
  status: string;
  direction: TimelineDirection;
  first: boolean;
  last: boolean;
}

type LayerNode = Node<LayerNodeData, 'timelineLayer'>;

function LayerNodeView({ data }: NodeProps<LayerNode>) {
  const { layer, status, direction, first, last } = data;
  const colors = layerStatusColors(status);
  const horizontal = direction === 'horizontal';
  return (
    <div
      className={`approval-node is-${status.toLowerCase()}`}
      style={{ width: NODE_WIDTH, borderColor: colors.border, background: colors.background }}
      data-testid="timeline-node"
    >
      {!first && <Handle type="target" position={horizontal ? Position.Left : Position.Top} isConnectable={false} />}
      <div className="approval-node__head">
        <Typography.Text strong className="approval-node__name">
          {layer.layerName}
        </Typography.Text>
        <Tag color={colors.tag} variant="filled">
          {titleCase(status)}
        </Tag>
      </div>
      <div className="approval-node__meta">
        <span>{layer.approvalType}</span>
        {layer.approvalType === 'Several User' && <span> · min {layer.minApprovals}</span>}
      </div>
      <Typography.Text type="secondary" className="approval-node__seq">
        {layer.label}
      </Typography.Text>
      <LayerRoute layer={layer} />
      {!layer.skipped && (
        <>
          <LayerClock layer={layer} />
          <div className="approval-node__approvers">
            {layer.approvers.map((approver) => (
              <ApproverLine key={approver.id} approver={approver} />
            ))}
          </div>
        </>
      )}
      {!last && <Handle type="source" position={horizontal ? Position.Right : Position.Bottom} isConnectable={false} />}
    </div>
  );
}

const nodeTypes: NodeTypes = { timelineLayer: LayerNodeView };

function nodeHeight(layer: TimelineLayer): number {
  const route = ((layer.conditions?.length ?? 0) > 0 ? 1 : 0) + (layer.skipped ? 1 : 0);
  if (layer.skipped) return BASE_HEIGHT + route * ROUTE_LINE_HEIGHT;
  return (
    BASE_HEIGHT +
    layer.approvers.length * APPROVER_HEIGHT +
    clockLines(layer).length * CLOCK_LINE_HEIGHT +
    route * ROUTE_LINE_HEIGHT
  );
}

/** Nodes left to right (or top to bottom) in layer order, with an edge between neighbours. */
export function timelineElements(timeline: Timeline, direction: TimelineDirection) {
  const layers = [...timeline.layers].sort((a, b) => a.seqNo - b.seqNo);
  let y = 0;
  const nodes: LayerNode[] = layers.map((layer, i) => {
    const position = direction === 'horizontal' ? { x: i * (NODE_WIDTH + GAP_X), y: 0 } : { x: 0, y };
    y += nodeHeight(layer) + GAP_Y;
    return {
      id: `layer-${i}`,
      type: 'timelineLayer',
      position,
      draggable: false,
      selectable: false,
      connectable: false,
      data: {
        layer,
        status: layer.layerStatus, // the server marks every layer of an approved request approved
        direction,
        first: i === 0,
        last: i === layers.length - 1,
      },
    };
  });
  const edges: Edge[] = nodes.slice(1).map((node, i) => {
    const done = nodes[i].data.status === 'APPROVED';
    // a skipped layer is passed by: the line to and from it is dashed
    const passedBy = nodes[i].data.status === 'SKIPPED' || node.data.status === 'SKIPPED';
    return {
      id: `edge-${i}`,
      source: nodes[i].id,
      target: node.id,
      animated: node.data.status === 'PENDING',
      style: { stroke: done ? '#52c41a' : '#8c8c8c', strokeWidth: 2, ...(passedBy ? { strokeDasharray: '4 4' } : {}) },
    };
  });
  const graphHeight =
    direction === 'horizontal'
      ? Math.max(...layers.map(nodeHeight), BASE_HEIGHT)
      : Math.max(y - GAP_Y, BASE_HEIGHT);
  return { nodes, edges, graphHeight };
}

export interface ApprovalTimelineGraphProps {
  timeline: Timeline;
  direction?: TimelineDirection;
  /** Height of the canvas; by default it fits the tallest layer. */
  height?: number;
}

/** A request's approval layers drawn as a read-only React Flow graph. */
export function ApprovalTimelineGraph({ timeline, direction = 'horizontal', height }: ApprovalTimelineGraphProps) {
  const { nodes, edges, graphHeight } = useMemo(() => timelineElements(timeline, direction), [timeline, direction]);
  const canvasHeight = height ?? Math.min(graphHeight + 48, direction === 'horizontal' ? 460 : 640);
  return (
    <div className="approval-timeline-graph">
      <div className="approval-timeline-graph__canvas" style={{ height: canvasHeight }} aria-label="Approval timeline">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          fitView
          fitViewOptions={{ padding: 0.08, maxZoom: 1 }}
          minZoom={0.3}
          maxZoom={1.5}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
          proOptions={{ hideAttribution: true }}
        />
      </div>
      <TemporalLink url={timeline.temporalUrl} />
    </div>
  );
}
