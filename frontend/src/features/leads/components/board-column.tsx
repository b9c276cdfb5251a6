import { PushpinFilled, PushpinOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Button, Empty, Tooltip, Typography } from 'antd';
import type { BoardColumn as BoardColumnData } from '../api/types';
import type { SortDirection } from '../api/leads-api';
import { formatIDR } from '@/lib/format';
import { COLUMN_SCROLL_THRESHOLD, stageLabel } from '../lib/labels';
import { DraggableCard, useStageDrop } from './board-moves';
import { LeadCard } from './lead-card';

export type BoardDensity = 'cards' | 'compact';

export interface BoardColumnProps {
  column: BoardColumnData;
  /** cards: the full lead cards; compact: small cards, so all six columns fit a desk's screen. */
  density?: BoardDensity;
  sort: SortDirection;
  onToggleSort: () => void;
  onTogglePin: () => void;
  pinning?: boolean;
  /** Its cards may be dragged to another column (BoardMoves around the board). */
  draggable?: boolean;
}

/** One stage of the board: its name and count, its GP with a last-contacted sort and a pin; scrolls above 5 leads. */
export function BoardColumn({
  column,
  density = 'cards',
  sort,
  onToggleSort,
  onTogglePin,
  pinning = false,
  draggable = false,
}: BoardColumnProps) {
  const drop = useStageDrop(column.stageId);
  const title = stageLabel(column.stageName, column.stageDescription);
  const scrolls = column.leads.length > COLUMN_SCROLL_THRESHOLD;
  const sortText =
    sort === 'asc' ? 'Last contacted: most recent first' : 'Last contacted: least recent first';
  return (
    <section
      ref={draggable ? drop.ref : undefined}
      className={`board-column${column.isPinned ? ' is-pinned' : ''}${draggable && drop.over ? ' is-drop-target' : ''}`}
      aria-label={title}
      data-stage={column.stageName}
      data-stage-id={column.stageId}
    >
      <header className="board-column__head">
        <div className="board-column__title">
          <Typography.Text strong ellipsis={{ tooltip: title }}>
            {density === 'compact' ? column.stageName : title}
          </Typography.Text>
          <span className="board-column__total" aria-label={`${column.totalLeads} leads`}>
            {column.totalLeads}
          </span>
        </div>
        <div className="board-column__summary">
          <Tooltip title={`Gross profit of the ${column.totalLeads} leads: ${formatIDR(column.totalGrossProfit)}`}>
            <div className="board-column__gp" data-testid={`column-gp-${column.stageName}`}>
              GP <strong>{formatIDR(column.totalGrossProfit)}</strong>
            </div>
          </Tooltip>
          <div className="board-column__actions">
            <Tooltip title={sortText}>
              <Button
                size="small"
                type="text"
                aria-label={`Sort ${column.stageName} by last contacted`}
                aria-pressed={sort === 'desc'}
                icon={sort === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
                onClick={onToggleSort}
              />
            </Tooltip>
            <Tooltip title={column.isPinned ? 'Unpin column' : 'Pin column'}>
              <Button
                size="small"
                type="text"
                aria-label={`${column.isPinned ? 'Unpin' : 'Pin'} ${column.stageName}`}
                aria-pressed={column.isPinned}
                loading={pinning}
                className={column.isPinned ? 'board-column__pin is-on' : 'board-column__pin'}
                icon={column.isPinned ? <PushpinFilled /> : <PushpinOutlined />}
                onClick={onTogglePin}
              />
            </Tooltip>
          </div>
        </div>
      </header>
      <div className={`board-column__body${scrolls ? ' is-scrollable' : ''}`}>
        {column.leads.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Leads." />
        ) : (
          column.leads.map((lead) => {
            const card = <LeadCard key={lead.id} lead={lead} variant={density === 'compact' ? 'mini' : 'full'} />;
            return draggable ? (
              <DraggableCard key={lead.id} lead={lead}>
                {card}
              </DraggableCard>
            ) : (
              card
            );
          })
        )}
      </div>
      {column.totalLeads > column.leads.length && (
        <Typography.Text type="secondary" className="board-column__more">
          Showing {column.leads.length} of {column.totalLeads}
        </Typography.Text>
      )}
    </section>
  );
}
