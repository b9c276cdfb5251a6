import { Button, Empty, Segmented, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatNumber } from '@/lib/format';
import type { LeadCard as LeadCardData } from '../api/types';
import { useStageMoves } from './board-moves';
import { CardMoveMenu } from './card-move-menu';
import { LeadCard } from './lead-card';

export type ListView = 'full' | 'compact';

export const LIST_VIEW_OPTIONS: Array<{ value: ListView; label: string }> = [
  { value: 'full', label: 'Full View' },
  { value: 'compact', label: 'Compact View' },
];

export interface LeadsListProps {
  /** The filters, on the left of the list's own tools. */
  filters?: ReactNode;
  listTitle: string;
  leads: LeadCardData[] | undefined;
  totalRows: number;
  loading: boolean;
  view: ListView;
  onViewChange: (view: ListView) => void;
  onLoadMore: () => void;
  loadingMore: boolean;
  /** Each card has a "Move to stage" menu (the caller may edit leads): where a card cannot be dragged. */
  canMove?: boolean;
}

/** The list of the chosen status's leads (spec 2 §2.1's lead cards), Full View or Compact View, more on demand. */
export function LeadsList(props: LeadsListProps) {
  const { leads, view, canMove = false } = props;
  const moves = useStageMoves();
  return (
    <div className="leads-list">
      <div className="leads-view__toolbar">
        {props.filters}
        <Segmented<ListView>
          aria-label="List view"
          value={view}
          options={LIST_VIEW_OPTIONS}
          onChange={props.onViewChange}
        />
      </div>
      <Typography.Text strong className="leads-list__head">
        {props.listTitle} <Typography.Text type="secondary">({formatNumber(props.totalRows)})</Typography.Text>
      </Typography.Text>
      <div className={`leads-list__cards leads-list__cards--${view}`} data-testid="lead-list">
        {props.loading && !leads ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : !leads || leads.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Leads." />
        ) : (
          leads.map((lead) =>
            canMove ? (
              <div key={lead.id} className={`card-move card-move--${view}`}>
                <LeadCard lead={lead} variant={view} />
                <CardMoveMenu lead={lead} onMove={(card, stageId) => void moves.move(card, stageId)} />
              </div>
            ) : (
              <LeadCard key={lead.id} lead={lead} variant={view} />
            ),
          )
        )}
      </div>
      {moves.dialog}
      {leads && leads.length < props.totalRows && (
        <Button block type="link" loading={props.loadingMore} onClick={props.onLoadMore}>
          Load more
        </Button>
      )}
    </div>
  );
}
