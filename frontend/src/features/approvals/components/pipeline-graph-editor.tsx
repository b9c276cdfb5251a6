import { ClockCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Handle,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
  type Node,
  type NodeChange,
  type NodeProps,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { DraftLayer } from '../lib/pipeline-rules';
import { orderByX } from '../lib/pipeline-rules';
import { LayerConditions, seqLabel } from '@/components/approval-layer';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { conditionText } from '../lib/conditions';
import { draftDeadlineSummary } from '../lib/deadlines';
import { MODE_LABELS } from '../lib/labels';
import './approvals.css';

const NODE_WIDTH = 200;
const SLOT = NODE_WIDTH + 64;
const ADD_NODE_ID = '__add-layer';

/** Where the node of the layer at `index` sits when nothing is being dragged. */
export function slotPosition(index: number) {
  return { x: index * SLOT, y: 0 };
}

interface LayerNodeData extends Record<string, unknown> {
  layer: DraftLayer;
  index: number;
  invalid: boolean;
  first: boolean;
  userNames: ReadonlyMap<number, string>;
}

interface AddNodeData extends Record<string, unknown> {
  onAdd: () => void;
}

type LayerNode = Node<LayerNodeData, 'pipelineLayer'>;
type AddNode = Node<AddNodeData, 'addLayer'>;

function PipelineLayerNode({ data, selected }: NodeProps<LayerNode>) {
  const { layer, index, invalid, first, userNames } = data;
  const count = layer.approvers.length;
  return (
    <div
      className={`pipeline-layer-node${selected ? ' is-selected' : ''}${invalid ? ' is-invalid' : ''}`}
      data-testid="pipeline-layer-node"
      aria-label={`Layer ${index + 1}: ${layer.name || 'Unnamed layer'}`}
    >
      {!first && <Handle type="target" position={Position.Left} isConnectable={false} />}
      <div className="pipeline-layer-node__index">
        Layer {index + 1} · {seqLabel(index + 1)}
      </div>
      <Typography.Text strong ellipsis style={{ display: 'block', maxWidth: 170 }}>
        {layer.name || <Typography.Text type="secondary">Unnamed layer</Typography.Text>}
      </Typography.Text>
      <div>{MODE_LABELS[layer.mode]}{layer.mode === 'SEVERAL_USER' ? ` · min ${layer.minApprovals}` : ''}</div>
      <Typography.Text type={count === 0 ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {count === 0 ? 'No approver yet' : `${count} approver${count === 1 ? '' : 's'}`}
      </Typography.Text>
      <LayerConditions conditions={layer.conditions?.map(conditionText)} />
      {layer.deadline && <DeadlineTag text={draftDeadlineSummary(layer.deadline, userNames)} />}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

/** A layer's deadline on its node or row: "2 W · then team leader". */
export function DeadlineTag({ text }: { text: string }) {
  return (
    <Tag className="pipeline-deadline-tag" icon={<ClockCircleOutlined />} color="gold" title={text}>
      {text}
    </Tag>
  );
}

function AddLayerNode({ data }: NodeProps<AddNode>) {
  return (
    <Tooltip title="Add a layer">
      <button type="button" className="pipeline-add-node nodrag" aria-label="Add layer" onClick={data.onAdd}>
        <Handle type="target" position={Position.Left} isConnectable={false} />
        <PlusOutlined />
      </button>
    </Tooltip>
  );
}

const nodeTypes: NodeTypes = { pipelineLayer: PipelineLayerNode, addLayer: AddLayerNode };

export interface PipelineGraphEditorProps {
  layers: DraftLayer[];
  selectedKey: string | null;
  invalidKeys: Set<string>;
  onSelect: (key: string | null) => void;
  /** The layers in their new order after a node was dropped. */
  onReorder: (layers: DraftLayer[]) => void;
  onAdd: () => void;
  /** Names of the people a deadline may be escalated to. */
  userNames?: ReadonlyMap<number, string>;
}

const NO_NAMES: ReadonlyMap<number, string> = new Map();

function Editor({ layers, selectedKey, invalidKeys, onSelect, onReorder, onAdd, userNames = NO_NAMES }: PipelineGraphEditorProps) {
  const [dragging, setDragging] = useState<Record<string, { x: number; y: number }>>({});
  const flow = useReactFlow();

  const nodes = useMemo<Array<LayerNode | AddNode>>(
    () => [
      ...layers.map<LayerNode>((layer, index) => ({
        id: layer.key,
        type: 'pipelineLayer',
        position: dragging[layer.key] ?? slotPosition(index),
        selected: layer.key === selectedKey,
        connectable: false,
        data: { layer, index, invalid: invalidKeys.has(layer.key), first: index === 0, userNames },
      })),
      {
        id: ADD_NODE_ID,
        type: 'addLayer',
        position: { x: layers.length * SLOT, y: 22 },
        draggable: false,
        selectable: false,
        connectable: false,
        data: { onAdd },
      },
    ],
    [layers, dragging, selectedKey, invalidKeys, onAdd, userNames],
  );

  const edges = useMemo<Edge[]>(
    () => [
      ...layers.slice(1).map((layer, i) => ({
        id: `edge-${layers[i].key}-${layer.key}`,
        source: layers[i].key,
        target: layer.key,
        style: { stroke: '#1677ff', strokeWidth: 2 },
      })),
      ...(layers.length > 0
        ? [
            {
              id: 'edge-add',
              source: layers[layers.length - 1].key,
              target: ADD_NODE_ID,
              style: { stroke: '#bfbfbf', strokeDasharray: '4 4' },
            },
          ]
        : []),
    ],
    [layers],
  );

  // Keep every node in view when layers come and go (gliding there, unless the person asked for less motion).
  const reduced = useReducedMotion();
  useEffect(() => {
    const duration = reduced ? 0 : 150;
    const timer = setTimeout(() => void flow.fitView({ padding: 0.15, maxZoom: 1, duration }), 30);
    return () => clearTimeout(timer);
  }, [layers.length, flow, reduced]);

  const onNodesChange = (changes: NodeChange[]) => {
    for (const change of changes) {
      if (change.type === 'position' && change.position && change.id !== ADD_NODE_ID) {
        const { id, position } = change;
        setDragging((d) => ({ ...d, [id]: position }));
      }
    }
  };

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onNodeClick={(_event, node) => node.id !== ADD_NODE_ID && onSelect(node.id)}
      onNodeDragStart={(_event, node) => node.id !== ADD_NODE_ID && onSelect(node.id)}
      onNodeDragStop={(_event, node) => {
        const positions = { ...dragging, [node.id]: node.position };
        setDragging({});
        const ordered = orderByX(layers, (key, index) => positions[key]?.x ?? slotPosition(index).x);
        if (ordered.some((layer, i) => layer.key !== layers[i].key)) onReorder(ordered);
      }}
      onPaneClick={() => onSelect(null)}
      nodesConnectable={false}
      fitView
      fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
      minZoom={0.3}
      maxZoom={1.5}
      zoomOnScroll={false}
      preventScrolling={false}
      proOptions={{ hideAttribution: true }}
    />
  );
}

/** The layers of a pipeline as nodes left to right; drag to reorder, click to edit, '+' to add. */
export function PipelineGraphEditor(props: PipelineGraphEditorProps) {
  return (
    <div className="pipeline-designer__canvas" aria-label="Pipeline layers">
      <ReactFlowProvider>
        <Editor {...props} />
      </ReactFlowProvider>
    </div>
  );
}
