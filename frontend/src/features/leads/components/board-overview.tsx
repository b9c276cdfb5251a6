import { Tooltip } from 'antd';
import { formatIDR, formatNumber } from '@/lib/format';
import type { BoardColumn as BoardColumnData } from '../api/types';

export interface BoardOverviewProps {
  columns: BoardColumnData[];
  /** The stages whose columns are on screen now. */
  visible: ReadonlySet<number>;
  onJump: (stageId: number) => void;
}

/**
 * A map of the board above its columns: every stage with its count and gross profit, always in view, the stages
 * on screen marked; a click brings a stage's column into view (the board scrolls sideways when they do not fit).
 */
export function BoardOverview({ columns, visible, onJump }: BoardOverviewProps) {
  return (
    <nav className="board-overview" aria-label="Board stages">
      {columns.map((c) => (
        <Tooltip key={c.stageId} title={`${c.stageName} ${c.stageDescription}: ${formatNumber(c.totalLeads)} leads, GP ${formatIDR(c.totalGrossProfit)}`}>
          <button
            type="button"
            className={`board-overview__stage${visible.has(c.stageId) ? ' is-visible' : ''}${c.isPinned ? ' is-pinned' : ''}`}
            aria-current={visible.has(c.stageId) ? 'true' : undefined}
            aria-label={`Show ${c.stageName} ${c.stageDescription}: ${c.totalLeads} leads`}
            onClick={() => onJump(c.stageId)}
          >
            <span className="board-overview__name">
              <strong>{c.stageName}</strong> <span className="board-overview__description">{c.stageDescription}</span>
            </span>
            <span className="board-overview__figures">
              <span className="board-overview__count">{formatNumber(c.totalLeads)}</span>
              <span className="board-overview__gp">{formatIDR(c.totalGrossProfit)}</span>
            </span>
          </button>
        </Tooltip>
      ))}
    </nav>
  );
}
