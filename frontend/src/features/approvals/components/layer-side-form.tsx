import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Tooltip, Typography } from 'antd';
import type { PipelineKind } from '../api/pipelines-api';
import type { ApprovalMode, PickableUser, PipelineActionType } from '../api/types';
import { seqLabel } from '@/components/approval-layer';
import { MODE_HINTS, MODE_OPTIONS } from '../lib/labels';
import { moveItem, type DraftLayer } from '../lib/pipeline-rules';
import { LayerConditionFields } from './layer-condition-fields';
import { LayerDeadlineFields } from './layer-deadline-fields';

export interface LayerSideFormProps {
  layer: DraftLayer;
  index: number;
  count: number;
  people: PickableUser[];
  /** The pipeline's kind and action type: which facts its conditions may compare. */
  kind: PipelineKind;
  actionType: PipelineActionType;
  onChange: (layer: DraftLayer) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onClose: () => void;
  /** The layers are listed top to bottom (a phone): the move buttons point up and down. */
  vertical?: boolean;
}

/** Edits the selected layer: name, mode, minimum approvals, ordered approvers, conditions, deadline; moves or
 *  removes it. */
export function LayerSideForm({
  layer,
  index,
  count,
  people,
  kind,
  actionType,
  onChange,
  onMove,
  onRemove,
  onClose,
  vertical = false,
}: LayerSideFormProps) {
  const names = new Map(people.map((p) => [p.id, p.fullname]));
  // only people whose role decides in the approval queue (the server refuses anyone else as an approver)
  const deciders = people.filter((p) => p.canDecide);
  const set = (patch: Partial<DraftLayer>) => onChange({ ...layer, ...patch });
  const ordered = layer.mode === 'IN_SEQUENCE';

  return (
    <Card
      size="small"
      className="pipeline-designer__side"
      title={`Layer ${index + 1} · ${seqLabel(index + 1)}`}
      extra={<Button type="text" size="small" icon={<CloseOutlined />} aria-label="Close layer form" onClick={onClose} />}
    >
      <Form layout="vertical" component="div" size="middle">
        <Form.Item label="Layer name" required>
          <Input
            aria-label="Layer name"
            value={layer.name}
            maxLength={80}
            placeholder="e.g. Team leader"
            onChange={(e) => set({ name: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Mode" extra={MODE_HINTS[layer.mode]}>
          <Select<ApprovalMode>
            aria-label="Mode"
            value={layer.mode}
            options={MODE_OPTIONS}
            onChange={(mode) => set({ mode, minApprovals: mode === 'SEVERAL_USER' ? Math.max(1, Math.min(layer.minApprovals, layer.approvers.length || 1)) : 1 })}
          />
        </Form.Item>
        {layer.mode === 'SEVERAL_USER' && (
          <Form.Item label="Minimum approvals" required extra={`Between 1 and ${Math.max(layer.approvers.length, 1)}.`}>
            <InputNumber
              aria-label="Minimum approvals"
              min={1}
              max={Math.max(layer.approvers.length, 1)}
              precision={0}
              value={layer.minApprovals}
              onChange={(value) => set({ minApprovals: value ?? 1 })}
            />
          </Form.Item>
        )}
        <Form.Item label="Approvers" required extra={ordered ? 'Approvers decide in this order.' : undefined}>
          <Select<number[]>
            mode="multiple"
            aria-label="Approvers"
            placeholder="Choose approvers"
            value={layer.approvers}
            optionFilterProp="label"
            options={deciders.map((p) => ({ value: p.id, label: p.fullname, title: p.roleDescription }))}
            onChange={(approvers) =>
              set({
                approvers,
                minApprovals: Math.min(layer.minApprovals, Math.max(approvers.length, 1)),
              })
            }
          />
          {ordered && layer.approvers.length > 0 && (
            <ol className="pipeline-approver-list" aria-label="Approver order">
              {layer.approvers.map((id, i) => (
                <li key={id}>
                  <Typography.Text type="secondary">{i + 1}.</Typography.Text>
                  <Typography.Text className="pipeline-approver-list__name" ellipsis>
                    {names.get(id) ?? `User ${id}`}
                  </Typography.Text>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={`Move ${names.get(id) ?? id} up`}
                    disabled={i === 0}
                    onClick={() => set({ approvers: moveItem(layer.approvers, i, -1) })}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Move ${names.get(id) ?? id} down`}
                    disabled={i === layer.approvers.length - 1}
                    onClick={() => set({ approvers: moveItem(layer.approvers, i, 1) })}
                  />
                </li>
              ))}
            </ol>
          )}
        </Form.Item>
        <LayerConditionFields
          kind={kind}
          actionType={actionType}
          conditions={layer.conditions ?? []}
          onChange={(conditions) => set({ conditions })}
        />
        <LayerDeadlineFields deadline={layer.deadline} people={people} onChange={(deadline) => set({ deadline })} />
        <Flex justify="space-between" gap={8} wrap>
          <Flex gap={4}>
            <Tooltip title="Move earlier">
              <Button icon={vertical ? <ArrowUpOutlined /> : <ArrowLeftOutlined />} aria-label="Move layer earlier" disabled={index === 0} onClick={() => onMove(-1)} />
            </Tooltip>
            <Tooltip title="Move later">
              <Button
                icon={vertical ? <ArrowDownOutlined /> : <ArrowRightOutlined />}
                aria-label="Move layer later"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              />
            </Tooltip>
          </Flex>
          <Button danger icon={<DeleteOutlined />} onClick={onRemove}>
            Remove layer
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
