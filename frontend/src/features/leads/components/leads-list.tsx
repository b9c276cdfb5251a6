import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Segmented, Select, Skeleton, Typography } from 'antd';
import { formatNumber } from '@/lib/format';
import type { LeadCard as LeadCardData, StageOption } from '../api/types';
import { ALL_STAGES_LABEL, stageLabel } from '../lib/labels';
import { LeadCard } from './lead-card';

export type ListView = 'full' | 'compact';

export const LIST_VIEW_OPTIONS: Array<{ value: ListView; label: string }> = [
  { value: 'full', label: 'Full View' },
  { value: 'compact', label: 'Compact View' },
];

export interface LeadsSidePanelProps {
  stages: StageOption[];
  /** '' for All Stages, else a stage id as text. */
  stage: string;
  onStageChange: (stage: string) => void;
  salesPersons: Array<{ id: number; fullname: string }>;
  salesPersonId: number | undefined;
  onSalesPersonChange: (id: number | undefined) => void;
  search: string;
  onSearchChange: (text: string) => void;
  onAddLead?: () => void;
  listTitle: string;
  leads: LeadCardData[] | undefined;
  totalRows: number;
  loading: boolean;
  view: ListView;
  onViewChange: (view: ListView) => void;
  onLoadMore: () => void;
  loadingMore: boolean;
}

/** The left panel: stage filter, search, Add Lead, and the cards of the chosen status. */
export function LeadsSidePanel(props: LeadsSidePanelProps) {
  const { leads, view } = props;
  return (
    <aside className="leads-panel" aria-label="Lead filters">
      <div className="leads-panel__filters">
        <Select
          aria-label="Stage"
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
          placeholder="Search client or project"
          prefix={<SearchOutlined />}
          value={props.search}
          onChange={(e) => props.onSearchChange(e.target.value)}
        />
        {props.onAddLead && (
          <Button type="dashed" block icon={<PlusOutlined />} onClick={props.onAddLead}>
            Add Lead
          </Button>
        )}
      </div>
      <div className="leads-panel__list-head">
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {props.listTitle} <Typography.Text type="secondary">({formatNumber(props.totalRows)})</Typography.Text>
        </Typography.Text>
        <Segmented<ListView> size="small" value={view} options={LIST_VIEW_OPTIONS} onChange={props.onViewChange} />
      </div>
      <div className={`leads-panel__list leads-panel__list--${view}`} data-testid="lead-list">
        {props.loading && !leads ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : !leads || leads.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Leads." />
        ) : (
          <>
            {leads.map((lead) => (
              <LeadCard key={lead.id} lead={lead} variant={view} />
            ))}
            {leads.length < props.totalRows && (
              <Button block type="link" loading={props.loadingMore} onClick={props.onLoadMore}>
                Load more
              </Button>
            )}
          </>
        )}
      </div>
    </aside>
  );
}
