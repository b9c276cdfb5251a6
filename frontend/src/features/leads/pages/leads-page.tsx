import { AppstoreOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Grid, Segmented } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { ExportButton } from '@/components/data-table';
import { SavedViews } from '@/components/saved-views';
import { usePageAccess } from '@/lib/session';
import {
  boardQueryOptions,
  boardSortQuery,
  filterOptionsQueryOptions,
  LEAD_LIST_PAGE_SIZE,
  leadListQueryOptions,
  shownColumnSort,
  totalGpQueryOptions,
  parseBoardSort,
  type BoardStatus,
  type SortDirection,
} from '../api/leads-api';
import { leadKeys } from '../api/keys';
import { LeadsBoard } from '../components/leads-board';
import { LeadsFilters } from '../components/leads-filters';
import { LeadsList, type ListView } from '../components/leads-list';
import { SummaryChips } from '../components/summary-chips';
import { BOARD_STATUS_OPTIONS, DEFAULT_BOARD_STATUS, isBoardStatus, SEARCH_DEBOUNCE_MS } from '../lib/labels';
import { useUrlFilters } from '@/lib/use-url-filters';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '../leads.css';

export const LEADS_PATH = '/leads';

/** The leads' Excel export: what a card shows, as columns (the list call's rows under the filters shown). */
const LEAD_EXPORT_COLUMNS = [
  { key: 'clientName', title: 'Client' },
  { key: 'projectName', title: 'Project' },
  { key: 'stageName', title: 'Stage' },
  { key: 'status', title: 'Status' },
  { key: 'projectType', title: 'Project Type' },
  { key: 'salesFullname', title: 'Sales Person' },
  { key: 'totalGrossProfit', title: 'Total Gross Profit' },
  { key: 'lastContacted', title: 'Days Since Last Contact' },
  { key: 'pcsStatus', title: 'PCS Status' },
];
export const ADD_LEAD_PATH = '/leads/add';

/** The leads page shows its leads once: as the stage board, or as a list of cards (spec 2 §2.1). */
export type LeadsView = 'board' | 'list';

const VIEW_OPTIONS: Array<{ value: LeadsView; label: string; icon: ReactNode }> = [
  { value: 'board', label: 'Board', icon: <AppstoreOutlined /> },
  { value: 'list', label: 'List', icon: <UnorderedListOutlined /> },
];

/**
 * /leads: the status toggle, the board or the list (the board at a desk, every stage in view; the list on a phone,
 * one card under another), the same filters for both, and Add Lead. The choice of view is kept in the address.
 */
export function LeadsPage() {
  const navigate = useNavigate();
  const access = usePageAccess('leads');
  const phone = Grid.useBreakpoint().md === false;
  const [params, setParams] = useSearchParams();
  const chosen = params.get('view');
  const shown: LeadsView = chosen === 'board' || chosen === 'list' ? chosen : phone ? 'list' : 'board';
  const showView = (next: LeadsView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('view', next);
        return updated;
      },
      { replace: true },
    );
  // the filters, the status and the column sorts live in the address: a saved view or a link opens the same board
  const [url, setUrl] = useUrlFilters({ status: '', stage: '', sales: '', q: '', sort: '' });
  const stage = /^\d+$/.test(url.stage) ? url.stage : '';
  const salesPersonId = /^\d+$/.test(url.sales) ? Number(url.sales) : undefined;
  const status: BoardStatus = isBoardStatus(url.status) ? url.status : DEFAULT_BOARD_STATUS;
  const sort = useMemo(() => parseBoardSort(url.sort), [url.sort]);
  const search = url.q.trim();
  const [searchText, setSearchText] = useState(url.q);
  const typed = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // the box follows the address when something else changed it (a view opened, Back), never the echo of its own
  // typing: that arrives a debounce late and would overwrite what is being typed meanwhile
  const written = useRef(url.q);
  useEffect(() => {
    if (url.q === written.current) return;
    written.current = url.q;
    setSearchText(url.q);
  }, [url.q]);
  useEffect(() => {
    if (typed === search) return;
    written.current = typed;
    setUrl({ q: typed });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what was typed writes the address
  }, [typed]);
  const setStage = (value: string) => setUrl({ stage: value });
  const setSalesPersonId = (value?: number) => setUrl({ sales: value === undefined ? '' : String(value) });
  const setStatus = (value: BoardStatus) => setUrl({ status: value === DEFAULT_BOARD_STATUS ? '' : value });
  const setSort = (next: Record<string, SortDirection>) => setUrl({ sort: boardSortQuery(next) ?? '' });
  const [view, setView] = useState<ListView>('full');
  const [limit, setLimit] = useState(LEAD_LIST_PAGE_SIZE);

  const selectedStage = stage === '' ? undefined : Number(stage);
  const options = useQuery(filterOptionsQueryOptions());
  const selectedStageName = options.data?.stages.find((s) => s.id === selectedStage)?.stageName;
  // Only the shown columns' sorts go to the server: a stage filter shows that one column. The list view asks for the
  // board too: its columns are the stages the stage filter offers.
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
  const list = useQuery({
    ...leadListQueryOptions({ status, search, stageId: selectedStage, salesPersonId, limit }),
    enabled: shown === 'list',
  });

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
  const filters = (
    <LeadsFilters
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
    />
  );

  return (
    <Page
      className="leads-page"
      title="Leads"
      subtitle="Your pipeline from E1 Found to E6 Closing."
      extra={<SummaryChips total={total.data} loading={total.isPending} />}
    >
      <section className="leads-workspace" aria-label="Leads">
        <div className="leads-workspace__bar">
          <Segmented<BoardStatus>
            aria-label="Status filter"
            className="leads-workspace__status"
            value={status}
            options={statusOptions}
            onChange={(value) => {
              setStatus(value);
              setLimit(LEAD_LIST_PAGE_SIZE);
            }}
          />
          <div className="leads-workspace__tools">
            <SavedViews />
            <ExportButton
              title={`Leads ${statusLabel}`}
              columns={LEAD_EXPORT_COLUMNS}
              run={() => leadListQueryOptions({ status, search, stageId: selectedStage, salesPersonId, limit }).queryFn?.(
                { queryKey: leadKeys.list({ status, search, stageId: selectedStage, salesPersonId, limit }), signal: new AbortController().signal, meta: undefined } as never,
              )}
            />
            <Segmented<LeadsView> aria-label="View" value={shown} options={VIEW_OPTIONS} onChange={showView} />
            {goAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={goAdd} aria-label="Add Lead">
                {phone ? 'Add' : 'Add Lead'}
              </Button>
            )}
          </div>
        </div>
        {shown === 'board' ? (
          <LeadsBoard
            filters={filters}
            columns={board.data}
            loading={board.isFetching}
            error={board.error}
            sort={sort}
            onSortChange={setSort}
            canMove={access.isEdit}
          />
        ) : (
          <LeadsList
            filters={filters}
            listTitle={statusLabel}
            leads={list.data?.data}
            totalRows={list.data?.totalRows ?? 0}
            loading={list.isPending}
            view={view}
            onViewChange={setView}
            onLoadMore={() => setLimit((n) => n + LEAD_LIST_PAGE_SIZE)}
            loadingMore={list.isFetching && !list.isPending}
            canMove={access.isEdit}
          />
        )}
      </section>
    </Page>
  );
}
