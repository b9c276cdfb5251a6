import { ClockCircleOutlined } from '@ant-design/icons';
import { Flex, Form, InputNumber, Select, Switch, Typography } from 'antd';
import type { PickableUser } from '../api/types';
import {
  deadlineSentence,
  ESCALATE_OPTIONS,
  newDeadline,
  UNIT_OPTIONS,
  type DeadlineUnit,
  type DraftDeadline,
  type EscalateTo,
} from '../lib/deadlines';

const UNIT_WORDS: Record<DeadlineUnit, string> = { HOURS: 'hours', C: 'calendar days', W: 'working days' };

export interface LayerDeadlineFieldsProps {
  deadline: DraftDeadline | null | undefined;
  people: PickableUser[];
  onChange: (deadline: DraftDeadline | null) => void;
}

/** A layer's deadline: how long its approvers have, then after how long more, and to whom, it is escalated. */
export function LayerDeadlineFields({ deadline, people, onChange }: LayerDeadlineFieldsProps) {
  const set = (patch: Partial<DraftDeadline>) => deadline && onChange({ ...deadline, ...patch });
  const names = new Map(people.map((p) => [p.id, p.fullname]));
  return (
    <div className="layer-deadline" role="group" aria-label="Deadline">
      <Flex align="center" justify="space-between" gap={8} style={{ marginBottom: deadline ? 12 : 16 }}>
        <Typography.Text strong>
          <ClockCircleOutlined /> Deadline
        </Typography.Text>
        <Switch
          size="small"
          aria-label="Layer has a deadline"
          checked={!!deadline}
          onChange={(on) => onChange(on ? newDeadline() : null)}
        />
      </Flex>
      {deadline && (
        <>
          <Flex gap={8}>
            <Form.Item label="Due after" required style={{ flex: '0 0 96px' }}>
              <InputNumber
                aria-label="Deadline amount"
                min={1}
                max={999}
                precision={0}
                style={{ width: '100%' }}
                value={deadline.amount}
                onChange={(value) => set({ amount: value ?? 1 })}
              />
            </Form.Item>
            <Form.Item label="Counted in" style={{ flex: 1, minWidth: 0 }}>
              <Select<DeadlineUnit>
                aria-label="Deadline unit"
                value={deadline.unit}
                options={UNIT_OPTIONS}
                onChange={(unit) => set({ unit })}
              />
            </Form.Item>
          </Flex>
          <Form.Item label="Escalate to">
            <Select<EscalateTo>
              aria-label="Escalate to"
              value={deadline.escalateTo}
              options={ESCALATE_OPTIONS}
              onChange={(escalateTo) => set({ escalateTo })}
            />
          </Form.Item>
          {deadline.escalateTo === 'USER' && (
            <Form.Item label="User" required>
              <Select<number>
                aria-label="Escalation user"
                showSearch
                placeholder="Choose the user"
                optionFilterProp="label"
                value={deadline.escalateUserId ?? undefined}
                options={people.filter((p) => p.canDecide).map((p) => ({ value: p.id, label: p.fullname, title: p.roleDescription }))}
                onChange={(escalateUserId) => set({ escalateUserId })}
              />
            </Form.Item>
          )}
          {deadline.escalateTo !== 'NONE' && (
            <Form.Item label="Escalate after" extra={`More ${UNIT_WORDS[deadline.unit]} after the deadline (0: at once).`}>
              <InputNumber
                aria-label="Escalate after"
                min={0}
                max={999}
                precision={0}
                style={{ width: 96 }}
                value={deadline.escalateAfter}
                onChange={(value) => set({ escalateAfter: value ?? 0 })}
              />
            </Form.Item>
          )}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {deadlineSentence({
              ...deadline,
              escalateUserName: deadline.escalateUserId != null ? names.get(deadline.escalateUserId) : null,
            })}
          </Typography.Paragraph>
        </>
      )}
    </div>
  );
}
