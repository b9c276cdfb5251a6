import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { usePageAccess } from '@/lib/session';
import {
  boardQueryOptions,
  filterOptionsQueryOptions,
  LEAD_LIST_PAGE_SIZE,
  leadListQueryOptions,
  shownColumnSort,
  totalGpQueryOptions,
  type BoardStatus,
  type SortDirection,
} from '../api/leads-api';
import { LeadsBoard } from '../components/leads-board';
import { LeadsSidePanel, type ListView } from '../components/leads-side-panel';
import { SummaryChips } from '../components/summary-chips';
import { BOARD_STATUS_OPTIONS, DEFAULT_BOARD_STATUS, SEARCH_DEBOUNCE_MS } from '../lib/labels';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '../leads.css';

export const LEADS_PATH = '/leads';
export const ADD_LEAD_PATH = '/leads/add';

/** /leads: filters and the cards of one status on the left, the stage board on the right. */
export function LeadsPage() {
  const navigate = useNavigate();
  const access = usePageAccess('leads');
  const [stage, setStage] = useState('');
  const [salesPersonId, setSalesPersonId] = useState<number | undefined>();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<BoardStatus>(DEFAULT_BOARD_STATUS);
  const [sort, setSort] = useState<Record<string, SortDirection>>({});
  const [view, setView] = useState<ListView>('full');
  const [limit, setLimit] = useState(LEAD_LIST_PAGE_SIZE);

  const selectedStage = stage === '' ? undefined : Number(stage);
  const options = useQuery(filterOptionsQueryOptions());
  const selectedStageName = options.data?.stages.find((s) => s.id === selectedStage)?.stageName;
  // Only the shown columns' sorts go to the server: a stage filter shows that one column.
  const board = useQuery(
    boardQueryOptions({
      searchKeyword: search,
      selectedStage,
      salesPersonId,
      status,
      sort: shownColumnSort(sort, selectedStage === undefined ? undefined : (selectedStageName ?? '')),
    }),
  );
  const total = useQuery(totalGpQueryOptions(salesPersonId ?? 0));
  const list = useQuery(
    leadListQueryOptions({ status, search, stageId: selectedStage, salesPersonId, limit }),
  );

  // The stage filter offers the board's own columns (the server decides which stages are on the board),
  // as the whole board last answered them.
  const [columnIds, setColumnIds] = useState<number[]>([]);
  useEffect(() => {
    if (selectedStage === undefined && board.data && !board.isPlaceholderData) {
      const ids = board.data.map((c) => c.stageId);
      setColumnIds((old) => (old.join() === ids.join() ? old : ids));
    }
  }, [board.data, board.isPlaceholderData, selectedStage]);
  const stages = useMemo(
    () => columnIds.flatMap((id) => options.data?.stages.find((s) => s.id === id) ?? []),
    [columnIds, options.data],
  );
  // The status filter's labels come from the server when it has them.
  const statusOptions = useMemo(
    () =>
      BOARD_STATUS_OPTIONS.map((o) => ({
        value: o.value,
        label: options.data?.statuses.find((s) => s.value === o.value)?.label ?? o.label,
      })),
    [options.data],
  );
  const statusLabel = statusOptions.find((o) => o.value === status)?.label ?? status;
  const goAdd = access.isWrite ? () => navigate('/leads/add') : undefined;

  return (
    <Page
      className="leads-page"
      title="Leads"
      subtitle="Your pipeline from E1 Found to E6 Closing."
      extra={<SummaryChips total={total.data} loading={total.isPending} />}
    >
      <div className="leads-page__layout">
        <LeadsSidePanel
          stages={stages}
          stage={stage}
          onStageChange={(value) => {
            setStage(value);
            setLimit(LEAD_LIST_PAGE_SIZE);
          }}
          salesPersons={options.data?.salesPersons ?? []}
          salesPersonId={salesPersonId}
          onSalesPersonChange={setSalesPersonId}
          search={searchText}
          onSearchChange={(text) => {
            setSearchText(text);
            setLimit(LEAD_LIST_PAGE_SIZE);
          }}
          onAddLead={goAdd}
          listTitle={statusLabel}
          leads={list.data?.data}
          totalRows={list.data?.totalRows ?? 0}
          loading={list.isPending}
          view={view}
          onViewChange={setView}
          onLoadMore={() => setLimit((n) => n + LEAD_LIST_PAGE_SIZE)}
          loadingMore={list.isFetching && !list.isPending}
        />
        <LeadsBoard
          columns={board.data}
          loading={board.isFetching}
          error={board.error}
          status={status}
          onStatusChange={(value) => {
            setStatus(value);
            setLimit(LEAD_LIST_PAGE_SIZE);
          }}
          statusOptions={statusOptions}
          sort={sort}
          onSortChange={setSort}
          onAdd={goAdd}
        />
      </div>
    </Page>
  );
}
