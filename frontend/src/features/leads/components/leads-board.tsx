import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Segmented, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { leadKeys } from '../api/keys';
import { pinColumn, type BoardStatus, type SortDirection } from '../api/leads-api';
import type { BoardColumn as BoardColumnData } from '../api/types';
import { BOARD_STATUS_OPTIONS } from '../lib/labels';
import { BoardColumn } from './board-column';

export const PINNED_TAB = 'Pinned';
export const ALL_STAGE_TAB = 'All Stage';

export interface LeadsBoardProps {
  columns: BoardColumnData[] | undefined;
  loading: boolean;
  error: unknown;
  status: BoardStatus;
  onStatusChange: (status: BoardStatus) => void;
  statusOptions?: Array<{ value: BoardStatus; label: string }>;
  sort: Record<string, SortDirection>;
  onSortChange: (sort: Record<string, SortDirection>) => void;
  onAdd?: () => void;
}

/** The board: status toggle, Pinned / All Stage tabs when a column is pinned, six stage columns. */
export function LeadsBoard({
  columns,
  loading,
  error,
  status,
  onStatusChange,
  statusOptions = BOARD_STATUS_OPTIONS,
  sort,
  onSortChange,
  onAdd,
}: LeadsBoardProps) {
  const queryClient = useQueryClient();
  const anyPinned = (columns ?? []).some((c) => c.isPinned);
  const [tab, setTab] = useState<'pinned' | 'all'>('pinned');
  const [pinningStage, setPinningStage] = useState<number | null>(null);

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

  return (
    <div className="leads-board">
      <div className="leads-board__toolbar">
        <Segmented<BoardStatus>
          aria-label="Status filter"
          value={status}
          options={statusOptions}
          onChange={onStatusChange}
        />
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            Add
          </Button>
        )}
      </div>
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
        <div className={`leads-board__columns${loading ? ' is-loading' : ''}`} data-testid="leads-board">
          {shown.map((column) => (
            <BoardColumn
              key={column.stageId}
              column={column}
              sort={sort[column.stageName] ?? 'asc'}
              onToggleSort={() =>
                onSortChange({ ...sort, [column.stageName]: (sort[column.stageName] ?? 'asc') === 'asc' ? 'desc' : 'asc' })
              }
              pinning={pinningStage === column.stageId}
              onTogglePin={() => pin.mutate({ stageId: column.stageId, isPinned: !column.isPinned })}
            />
          ))}
        </div>
      )}
    </div>
  );
}
