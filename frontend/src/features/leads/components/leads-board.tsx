import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Grid, Segmented, Skeleton, Tabs } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { leadKeys } from '../api/keys';
import { pinColumn, type SortDirection } from '../api/leads-api';
import type { BoardColumn as BoardColumnData } from '../api/types';
import { BoardColumn, type BoardDensity } from './board-column';
import { BoardMoves } from './board-moves';
import { BoardOverview } from './board-overview';

export const PINNED_TAB = 'Pinned';
const DENSITY_KEY = 'crm.board.density';

function storedDensity(): BoardDensity {
  try {
    return localStorage.getItem(DENSITY_KEY) === 'compact' ? 'compact' : 'cards';
  } catch {
    return 'cards';
  }
}

/** The stages whose columns are on screen in `container`, kept up to date as it scrolls or resizes. */
function useVisibleColumns(container: HTMLDivElement | null, layout: string): Set<number> {
  const [visible, setVisible] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (!container || typeof IntersectionObserver === 'undefined') return;
    const shown = new Map<number, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          shown.set(Number((entry.target as HTMLElement).dataset.stageId), entry.intersectionRatio >= 0.6);
        }
        setVisible(new Set([...shown].filter(([, on]) => on).map(([id]) => id)));
      },
      { root: container, threshold: [0, 0.6, 1] },
    );
    container.querySelectorAll<HTMLElement>('[data-stage-id]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [container, layout]);
  return visible;
}
export const ALL_STAGE_TAB = 'All Stage';

export interface LeadsBoardProps {
  /** The filters, on the left of the board's own tools. */
  filters?: ReactNode;
  columns: BoardColumnData[] | undefined;
  loading: boolean;
  error: unknown;
  sort: Record<string, SortDirection>;
  onSortChange: (sort: Record<string, SortDirection>) => void;
  /** Cards may be dragged to another stage (the person may edit leads). */
  canMove?: boolean;
}

/**
 * The board: the card size, Pinned / All Stage tabs when a column is pinned, and the six stage columns, which share
 * the width of a desk's screen (every stage in view); where they do not fit (a tablet, a phone) the board scrolls
 * sideways and a map of the stages above it brings any one into view.
 */
export function LeadsBoard({ filters, columns, loading, error, sort, onSortChange, canMove = false }: LeadsBoardProps) {
  const queryClient = useQueryClient();
  const anyPinned = (columns ?? []).some((c) => c.isPinned);
  const [tab, setTab] = useState<'pinned' | 'all'>('pinned');
  const [pinningStage, setPinningStage] = useState<number | null>(null);
  const [density, setDensity] = useState<BoardDensity>(storedDensity);
  // the columns' scroll box: a state, so the visibility observer follows it when the skeleton replaces it
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  // cards are dragged to another stage at a desk or on a tablet by those who may edit leads (a phone's card opens
  // the lead, whose stage page moves it)
  const screens = Grid.useBreakpoint();
  const dragging = canMove && screens.md !== false;

  // A newly pinned board opens on its Pinned tab.
  useEffect(() => {
    if (!anyPinned) setTab('pinned');
  }, [anyPinned]);

  const pin = useMutation({
    mutationFn: ({ stageId, isPinned }: { stageId: number; isPinned: boolean }) => pinColumn(stageId, isPinned),
    onMutate: ({ stageId }) => setPinningStage(stageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
    onError: (e) => toast.error(errorMessage(e, 'The column could not be pinned.')),
    onSettled: () => setPinningStage(null),
  });

  const shown = anyPinned && tab === 'pinned' ? (columns ?? []).filter((c) => c.isPinned) : (columns ?? []);
  const visible = useVisibleColumns(container, `${density}:${shown.map((c) => c.stageId).join()}`);
  const changeDensity = (value: BoardDensity) => {
    setDensity(value);
    try {
      localStorage.setItem(DENSITY_KEY, value);
    } catch {
      // private windows may refuse storage: the choice lasts for this page only
    }
  };
  const jump = (stageId: number) => {
    if (!shown.some((c) => c.stageId === stageId)) setTab('all'); // a stage the Pinned tab hides
    requestAnimationFrame(() => {
      const column = container?.querySelector<HTMLElement>(`[data-stage-id="${stageId}"]`);
      if (column && container) container.scrollTo({ left: column.offsetLeft - container.offsetLeft, behavior: 'smooth' });
    });
  };

  return (
    <div className="leads-board">
      <div className="leads-view__toolbar">
        {filters}
        <Segmented<BoardDensity>
          aria-label="Card size"
          value={density}
          onChange={changeDensity}
          options={[
            { value: 'cards', icon: <AppstoreOutlined />, label: 'Cards', title: 'Full cards' },
            { value: 'compact', icon: <BarsOutlined />, label: 'Compact', title: 'Small cards' },
          ]}
        />
      </div>
      {columns && columns.length > 0 && <BoardOverview columns={columns} visible={visible} onJump={jump} />}
      {anyPinned && (
        <Tabs
          className="leads-board__tabs"
          activeKey={tab}
          onChange={(key) => setTab(key as 'pinned' | 'all')}
          items={[
            { key: 'pinned', label: PINNED_TAB },
            { key: 'all', label: ALL_STAGE_TAB },
          ]}
        />
      )}
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error, 'Leads could not be loaded.')} />
      ) : loading && !columns ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <BoardMoves enabled={dragging}>
        <div
          ref={setContainer}
          className={`leads-board__columns is-${density}${loading ? ' is-loading' : ''}`}
          data-testid="leads-board"
        >
          {shown.map((column) => (
            <BoardColumn
              key={column.stageId}
              column={column}
              density={density}
              sort={sort[column.stageName] ?? 'asc'}
              onToggleSort={() =>
                onSortChange({ ...sort, [column.stageName]: (sort[column.stageName] ?? 'asc') === 'asc' ? 'desc' : 'asc' })
              }
              pinning={pinningStage === column.stageId}
              onTogglePin={() => pin.mutate({ stageId: column.stageId, isPinned: !column.isPinned })}
              draggable={dragging}
            />
          ))}
        </div>
        </BoardMoves>
      )}
    </div>
  );
}
