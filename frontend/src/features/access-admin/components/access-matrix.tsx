import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Grid, Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import { showConfirm, toast } from '@/components/dialogs';
import { formMessages } from '@/lib/api/errors';
import { formatNumber } from '@/lib/format';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { sessionQueryKey } from '@/lib/session';
import { savePageAccess, type PageFlagsOut, type RolePageAccess } from '../api/access-admin-api';
import {
  ACTION_LABELS,
  ACTIONS,
  changedCells,
  columnState,
  matrixOf,
  pagesPayload,
  rowState,
  withColumn,
  withFlag,
  withRow,
  type Action,
  type Matrix,
} from '../lib/matrix';
import { pagesMatching } from '../lib/pages';
import { FormErrors } from '@/components/form-errors';
import { PageName } from './page-name';
import { NO_INFORMATION } from './roles-table';

/** What a wildcard role's matrix says (the server refuses to set such a role page by page with the same words). */
export const EVERY_PAGE_TEXT = 'This role has every access (a wildcard line): it is not set page by page.';

export const accessSavedText = (description: string) => `The access of '${description}' has been saved.`;
export const accessFailedText = (description: string) => `Failed to save the access of '${description}'.`;

/** The shell's top bar stays at the top of the window (app/styles.css .topbar): a sticky header sits below it. */
export const TOP_BAR_HEIGHT = 64;

const changedText = (n: number) => `${formatNumber(n)} ${n === 1 ? 'change' : 'changes'}`;

export interface AccessMatrixProps {
  role: RolePageAccess;
  /** With edit access (and not a wildcard role) the matrix can be changed and saved. */
  canEdit: boolean;
  onSaved: (saved: RolePageAccess) => void;
}

/**
 * A role's matrix: every page with Read, Write, Edit and Delete. Ticking Write, Edit or Delete ticks Read, clearing
 * Read clears the rest (a page one cannot read cannot be changed); a column's header sets it on every page shown, a
 * row's All sets the four. Save sends the whole matrix; leaving with changes asks first.
 */
export function AccessMatrix({ role, canEdit, onSaved }: AccessMatrixProps) {
  const queryClient = useQueryClient();
  const phone = Grid.useBreakpoint().md === false;
  const wildcard = role.role.everyPage;
  const editable = canEdit && !wildcard;
  const [saved, setSaved] = useState<Matrix>(() => matrixOf(role.pages));
  const [draft, setDraft] = useState<Matrix>(saved);
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string[] | null>(null);
  const description = role.role.roleDescription;

  const changed = changedCells(saved, draft);
  const shown = useMemo(() => pagesMatching(role.pages, filter), [role.pages, filter]);
  const shownCodes = shown.map((p) => p.code);
  const readable = Object.values(draft).filter((f) => f.isRead).length;

  const edit = (next: Matrix) => {
    setFailed(null);
    setDraft(next);
  };

  // leaving the page (or the tab) with unsaved changes asks first
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed > 0 && !saving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void showConfirm({
      title: 'Leave without saving?',
      content: `${changedText(changed)} to the access of '${description}' will be lost.`,
      okText: 'Leave',
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, changed, description]);
  useEffect(() => {
    if (changed === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  const save = async () => {
    setFailed(null);
    setSaving(true);
    try {
      const result = await savePageAccess(role.role.id, pagesPayload(role.pages.map((p) => p.code), draft));
      const next = matrixOf(result.pages);
      setSaved(next);
      setDraft(next);
      // one's own menus and page flags may have changed with it
      await Promise.all([
        invalidateDomains(queryClient, queryDomains.accessAdmin, queryDomains.audit),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
      toast.success(accessSavedText(description));
      onSaved(result);
    } catch (error) {
      const shownMessages = formMessages(error);
      setFailed(shownMessages);
      toast.error(accessFailedText(description), shownMessages.join(' '));
    } finally {
      setSaving(false);
    }
  };

  const cell = (page: PageFlagsOut, action: Action, withLabel = false) => {
    const on = draft[page.code]?.[action] ?? false;
    const moved = on !== (saved[page.code]?.[action] ?? false);
    return (
      <Checkbox
        aria-label={`${ACTION_LABELS[action]} on ${page.name}`}
        className={moved ? 'matrix-check matrix-check--changed' : 'matrix-check'}
        checked={on}
        disabled={!editable}
        onChange={(e) => edit({ ...draft, [page.code]: withFlag(draft[page.code], action, e.target.checked) })}
      >
        {withLabel ? ACTION_LABELS[action] : null}
      </Checkbox>
    );
  };

  const rowAll = (page: PageFlagsOut) => {
    const state = rowState(draft[page.code]);
    return (
      <Checkbox
        aria-label={`All on ${page.name}`}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={!editable}
        onChange={(e) => edit(withRow(draft, page.code, e.target.checked))}
      >
        {phone ? 'All' : null}
      </Checkbox>
    );
  };

  const header = (action: Action, withLabel = true) => {
    const state = columnState(draft, shownCodes, action);
    return (
      <Checkbox
        aria-label={`${ACTION_LABELS[action]} on every page shown`}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={!editable || shownCodes.length === 0}
        onChange={(e) => edit(withColumn(draft, shownCodes, action, e.target.checked))}
      >
        {withLabel ? ACTION_LABELS[action] : null}
      </Checkbox>
    );
  };

  const columns: ColumnsType<PageFlagsOut> = phone
    ? [
        {
          title: 'Page',
          key: 'page',
          render: (_: unknown, page) => (
            <div className="matrix-block">
              <Flex justify="space-between" align="flex-start" gap={8}>
                <PageName page={page} className="matrix-page" />
                {rowAll(page)}
              </Flex>
              <Flex gap={4} wrap className="matrix-block__flags">
                {ACTIONS.map((action) => (
                  <span key={action}>{cell(page, action, true)}</span>
                ))}
              </Flex>
            </div>
          ),
        },
      ]
    : [
        { title: 'Page', key: 'page', render: (_: unknown, page) => <PageName page={page} className="matrix-page" /> },
        { title: 'All', key: 'all', width: 64, align: 'center', render: (_: unknown, page) => rowAll(page) },
        ...ACTIONS.map((action) => ({
          title: header(action),
          key: action,
          width: 104,
          align: 'center' as const,
          render: (_: unknown, page: PageFlagsOut) => cell(page, action),
        })),
      ];

  return (
    <div className="access-matrix">
      {wildcard && <Alert type="info" showIcon className="form-alert" title={EVERY_PAGE_TEXT} />}
      {!canEdit && !wildcard && (
        <Alert type="info" showIcon className="form-alert" title="You can view this role's access but not change it." />
      )}
      {failed && <FormErrors title={accessFailedText(description)} messages={failed} />}
      <Flex gap={8} wrap align="center" justify="space-between" className="access-matrix__toolbar">
        <Input.Search
          allowClear
          aria-label="Filter pages"
          placeholder="Filter pages by name or address"
          className="access-matrix__filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <Typography.Text type="secondary">
          {formatNumber(readable)} of {formatNumber(role.pages.length)} pages readable
        </Typography.Text>
      </Flex>
      {phone && editable && (
        <Flex gap={4} wrap align="center" className="access-matrix__columns" aria-label="Every page shown">
          <Typography.Text type="secondary">Every page shown:</Typography.Text>
          {ACTIONS.map((action) => (
            <span key={action}>{header(action)}</span>
          ))}
        </Flex>
      )}
      <Table<PageFlagsOut>
        rowKey="code"
        size="small"
        className="matrix-table"
        columns={columns}
        tableLayout="fixed"
        showHeader={!phone}
        // the column headers (and their every-page checkboxes) stay in view under the top bar down the long list
        sticky={phone ? undefined : { offsetHeader: TOP_BAR_HEIGHT }}
        dataSource={shown}
        pagination={false}
        rowClassName={(page) => (ACTIONS.some((a) => draft[page.code]?.[a] !== saved[page.code]?.[a]) ? 'matrix-row--changed' : '')}
        locale={{ emptyText: NO_INFORMATION }}
      />
      {editable && (
        <Flex gap={8} align="center" justify="flex-end" className="access-matrix__actions">
          <Typography.Text type={changed > 0 ? 'warning' : 'secondary'} aria-live="polite" className="access-matrix__count">
            {changed > 0 ? `${changedText(changed)} not saved` : 'No changes'}
          </Typography.Text>
          <Button onClick={() => edit(saved)} disabled={changed === 0 || saving}>
            Reset
          </Button>
          <Button type="primary" onClick={() => void save()} loading={saving} disabled={changed === 0}>
            Save access
          </Button>
        </Flex>
      )}
    </div>
  );
}
