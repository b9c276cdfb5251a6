import { DeleteOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Select, Typography } from 'antd';
import { MoneyInput } from '@/components/money-input';
import { PercentInput } from '@/components/percent-input';
import { clientsQueryOptions, projectTypesQueryOptions, serviceCategoriesQueryOptions } from '@/lib/master-data';
import { pipelinePeopleQueryOptions, pipelineStagesQueryOptions, type PipelineKind } from '../api/pipelines-api';
import type { PipelineActionType } from '../api/types';
import {
  ALL_MUST_HOLD,
  FACT_LABELS,
  MAX_CONDITIONS,
  NO_CONDITIONS_HINT,
  OP_SHORT,
  TARGET_STATUSES,
  factsFor,
  isAmountFact,
  newCondition,
  opsFor,
  withFact,
  type ChoiceId,
  type ConditionFact,
  type ConditionOp,
  type DraftCondition,
} from '../lib/conditions';

interface Choice {
  value: ChoiceId;
  label: string;
}

/** What a choice fact's values may be, from the lists the app already reads (loaded when the fact is chosen). */
function useChoices(kind: PipelineKind, fact: ConditionFact): { options: Choice[]; loading: boolean } {
  const categories = useQuery({ ...serviceCategoriesQueryOptions(), enabled: fact === 'SERVICE_CATEGORY' });
  const projectTypes = useQuery({ ...projectTypesQueryOptions(), enabled: fact === 'PROJECT_TYPE' });
  const clients = useQuery({ ...clientsQueryOptions(), enabled: fact === 'CLIENT' });
  const stages = useQuery({ ...pipelineStagesQueryOptions(), enabled: fact === 'TARGET_STAGE' });
  const people = useQuery({ ...pipelinePeopleQueryOptions(kind), enabled: fact === 'TEAM' });
  switch (fact) {
    case 'SERVICE_CATEGORY':
      return { options: (categories.data ?? []).map((c) => ({ value: c.id, label: c.serviceCategoryName })), loading: categories.isLoading };
    case 'PROJECT_TYPE':
      return { options: (projectTypes.data ?? []).map((p) => ({ value: p.id, label: p.projectTypeName })), loading: projectTypes.isLoading };
    case 'CLIENT':
      return { options: (clients.data ?? []).map((c) => ({ value: c.id, label: c.clientName })), loading: clients.isLoading };
    case 'TARGET_STAGE':
      return {
        options: (stages.data ?? []).map((s) => ({ value: s.id, label: `${s.stageName} ${s.stageDescription}`.trim() })),
        loading: stages.isLoading,
      };
    case 'TEAM': {
      // a sales person's team is their team leader: whoever an active user reports to
      const leaders = (people.data ?? []).filter((p) => p.leadsTeam);
      return { options: leaders.map((p) => ({ value: p.id, label: p.fullname })), loading: people.isLoading };
    }
    case 'TARGET_STATUS':
      return { options: TARGET_STATUSES, loading: false };
    default:
      return { options: [], loading: false };
  }
}

interface RowProps {
  kind: PipelineKind;
  index: number;
  condition: DraftCondition;
  facts: ConditionFact[];
  onChange: (condition: DraftCondition) => void;
  onRemove: () => void;
}

function ConditionRow({ kind, index, condition, facts, onChange, onRemove }: RowProps) {
  const { options, loading } = useChoices(kind, condition.fact);
  const n = index + 1;
  // the choices saved with the condition stay shown by name while (or if never) the list loads
  const known = new Map<ChoiceId, string>(condition.ids.map((id, i) => [id, condition.names[i] ?? String(id)]));
  options.forEach((o) => known.set(o.value, o.label));
  const shown: Choice[] = [...options, ...condition.ids.filter((id) => !options.some((o) => o.value === id)).map((id) => ({ value: id, label: known.get(id)! }))];
  const factOptions = (facts.includes(condition.fact) ? facts : [...facts, condition.fact]).map((f) => ({ value: f, label: FACT_LABELS[f] }));

  return (
    <li className="layer-condition" data-testid="layer-condition">
      <div className="layer-condition__line">
        <Select<ConditionFact>
          aria-label={`Condition ${n} fact`}
          className="layer-condition__fact"
          value={condition.fact}
          options={factOptions}
          popupMatchSelectWidth={false}
          onChange={(fact) => onChange(withFact(condition, fact))}
        />
        <Select<ConditionOp>
          aria-label={`Condition ${n} operator`}
          className="layer-condition__op"
          value={condition.op}
          options={opsFor(condition.fact)}
          labelRender={({ value }) => OP_SHORT[value as ConditionOp] ?? value}
          popupMatchSelectWidth={false}
          onChange={(op) => onChange({ ...condition, op })}
        />
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Remove condition ${n}`}
          className="layer-condition__remove"
          onClick={onRemove}
        />
      </div>
      {condition.fact === 'GP_MARGIN' ? (
        <PercentInput
          aria-label={`Condition ${n} percent`}
          min={-100}
          max={100}
          value={condition.amount}
          placeholder="e.g. 15"
          onChange={(amount) => onChange({ ...condition, amount })}
        />
      ) : isAmountFact(condition.fact) ? (
        <MoneyInput
          aria-label={`Condition ${n} amount`}
          value={condition.amount}
          placeholder="e.g. 1.000.000.000"
          onChange={(amount) => onChange({ ...condition, amount })}
        />
      ) : (
        <Select<ChoiceId[]>
          mode="multiple"
          aria-label={`Condition ${n} choices`}
          placeholder="Choose one or more"
          loading={loading}
          optionFilterProp="label"
          value={condition.ids}
          options={shown}
          onChange={(ids) => onChange({ ...condition, ids, names: ids.map((id) => known.get(id) ?? String(id)) })}
        />
      )}
    </li>
  );
}

export interface LayerConditionFieldsProps {
  kind: PipelineKind;
  actionType: PipelineActionType;
  conditions: DraftCondition[];
  onChange: (conditions: DraftCondition[]) => void;
}

/**
 * A layer's rule builder: rows of fact, operator and value (an amount in rupiah or percent, or a choice of the
 * app's own lists), all of which must hold for the layer to apply; a layer without any applies to every request.
 */
export function LayerConditionFields({ kind, actionType, conditions, onChange }: LayerConditionFieldsProps) {
  const facts = factsFor(actionType);
  return (
    <div className="layer-conditions-fields">
      <Form.Item
        label={
          <span>
            <FilterOutlined /> Only when
          </span>
        }
        extra={conditions.length > 0 ? ALL_MUST_HOLD : NO_CONDITIONS_HINT}
        style={{ marginBottom: 12 }}
      >
        {conditions.length > 0 && (
          <ol className="layer-condition-list" aria-label="Conditions">
            {conditions.map((condition, i) => (
              <ConditionRow
                key={condition.key}
                kind={kind}
                index={i}
                condition={condition}
                facts={facts}
                onChange={(next) => onChange(conditions.map((c) => (c.key === next.key ? next : c)))}
                onRemove={() => onChange(conditions.filter((c) => c.key !== condition.key))}
              />
            ))}
          </ol>
        )}
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          disabled={conditions.length >= MAX_CONDITIONS}
          onClick={() => onChange([...conditions, newCondition()])}
        >
          Add condition
        </Button>
        {conditions.length >= MAX_CONDITIONS && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            At most {MAX_CONDITIONS} conditions a layer.
          </Typography.Text>
        )}
      </Form.Item>
    </div>
  );
}
