import { SearchOutlined } from '@ant-design/icons';
import { Input, Select } from 'antd';
import type { StageOption } from '../api/types';
import { ALL_STAGES_LABEL, stageLabel } from '../lib/labels';

export interface LeadsFiltersProps {
  stages: StageOption[];
  /** '' for All Stages, else a stage id as text. */
  stage: string;
  onStageChange: (stage: string) => void;
  salesPersons: Array<{ id: number; fullname: string }>;
  salesPersonId: number | undefined;
  onSalesPersonChange: (id: number | undefined) => void;
  search: string;
  onSearchChange: (text: string) => void;
}

/** What the board and the list show: a stage ('All Stages' by default), a sales person (for those who see more than
 *  their own) and a search of client and project. */
export function LeadsFilters(props: LeadsFiltersProps) {
  return (
    <div className="leads-filters" role="group" aria-label="Lead filters">
      <Select
        aria-label="Stage"
        className="leads-filters__stage"
        value={props.stage}
        onChange={props.onStageChange}
        options={[
          { value: '', label: ALL_STAGES_LABEL },
          ...props.stages.map((s) => ({ value: String(s.id), label: stageLabel(s.stageName, s.stageDescription) })),
        ]}
      />
      {props.salesPersons.length > 1 && (
        <Select
          aria-label="Sales person"
          className="leads-filters__sales"
          allowClear
          placeholder="All Sales"
          value={props.salesPersonId}
          onChange={(v) => props.onSalesPersonChange(v ?? undefined)}
          options={props.salesPersons.map((p) => ({ value: p.id, label: p.fullname }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      )}
      <Input
        allowClear
        aria-label="Search leads"
        className="leads-filters__search"
        placeholder="Search client or project"
        prefix={<SearchOutlined />}
        value={props.search}
        onChange={(e) => props.onSearchChange(e.target.value)}
      />
    </div>
  );
}
