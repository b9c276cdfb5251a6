import { DeleteOutlined, EditOutlined, PlusOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Drawer, Empty, Flex, Grid, Pagination, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { confirmRemove } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { useSession } from '@/lib/session';
import {
  DELEGATIONS_PAGE_SIZE,
  deleteDelegation,
  delegationsQueryOptions,
  ownDelegationsQueryOptions,
} from '../api/delegations-api';
import { approvalKeys } from '../api/keys';
import type { Delegation, DelegationState } from '../api/types';
import { REQUEST_TYPE_LABELS } from '../lib/labels';
import { periodText } from '../lib/periods';
import { DelegationDialog } from './delegation-dialog';
import './approvals.css';

const STATE_TAGS: Record<DelegationState, { color: string; label: string }> = {
  CURRENT: { color: 'green', label: 'Current' },
  UPCOMING: { color: 'blue', label: 'Upcoming' },
  PAST: { color: 'default', label: 'Past' },
};

export function DelegationStateTag({ state }: { state: DelegationState }) {
  const tag = STATE_TAGS[state];
  return <Tag color={tag.color}>{tag.label}</Tag>;
}

interface DelegationListProps {
  rows: Delegation[];
  /** The signed-in user: their own delegations read "Maya Kusuma stands in for you". */
  selfId?: number;
  /** Whether a row may be changed or removed (its approver's own, or any for an administrator). */
  canChange: (row: Delegation) => boolean;
  onEdit: (row: Delegation) => void;
  onRemoved: () => void;
}

/** Delegations as readable rows, in the server's order (current, upcoming, past): who stands in for whom, when, for
 * which requests, its state; Change and Remove. */
export function DelegationList({ rows, selfId, canChange, onEdit, onRemoved }: DelegationListProps) {
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No delegations." />;
  }
  return (
    <ul className="delegation-list" aria-label="Delegations">
      {rows.map((row) => {
        const mine = row.delegatorId === selfId;
        const standingIn = row.delegateId === selfId;
        const who = mine
          ? `${row.delegateName} stands in for you`
          : standingIn
            ? `You stand in for ${row.delegatorName}`
            : `${row.delegateName} stands in for ${row.delegatorName}`;
        return (
          <li key={row.id} className={`delegation-row is-${row.state.toLowerCase()}`} data-testid="delegation-row">
            <Flex justify="space-between" align="flex-start" gap={8}>
              <div className="delegation-row__text">
                <Flex gap={6} align="center" wrap>
                  <Typography.Text strong>{who}</Typography.Text>
                  <DelegationStateTag state={row.state} />
                </Flex>
                <Typography.Text type="secondary" className="delegation-row__meta">
                  {periodText(row.startsOn, row.endsOn)} ·{' '}
                  {row.requestType ? `${REQUEST_TYPE_LABELS[row.requestType] ?? row.requestType} only` : 'Every request type'}
                </Typography.Text>
                {row.note && (
                  <Typography.Paragraph type="secondary" className="delegation-row__note" ellipsis={{ rows: 2, tooltip: row.note }}>
                    “{row.note}”
                  </Typography.Paragraph>
                )}
              </div>
              {canChange(row) && (
                <Flex gap={4} className="delegation-row__actions">
                  {row.state !== 'PAST' && (
                    <Button size="small" icon={<EditOutlined />} aria-label={`Change delegation to ${row.delegateName}`} onClick={() => onEdit(row)} />
                  )}
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove delegation to ${row.delegateName}`}
                    onClick={() =>
                      void confirmRemove({
                        title: 'Remove Delegation',
                        name: `${row.delegatorName} → ${row.delegateName}, ${periodText(row.startsOn, row.endsOn)}`,
                        note: row.state === 'CURRENT' ? 'The delegate stops deciding for the approver now.' : undefined,
                        remove: () => deleteDelegation(row.id),
                        onDone: onRemoved,
                      })
                    }
                  />
                </Flex>
              )}
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}

interface DelegationsPanelProps {
  scope: 'mine' | 'everyone';
  canEdit: boolean;
}

/** The delegations of the caller (their out of office) or, for an administrator, everyone's, with Add. */
export function DelegationsPanel({ scope, canEdit }: DelegationsPanelProps) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...delegationsQueryOptions(scope, page), placeholderData: keepPreviousData });
  const emptied = page > 1 && list.data?.data.length === 0; // the last row of the last page was removed
  useEffect(() => {
    if (emptied) setPage((p) => p - 1);
  }, [emptied]);
  const [editing, setEditing] = useState<{ row: Delegation | null } | null>(null);
  const everyone = scope === 'everyone';
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...approvalKeys.all, 'delegations'] });
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ flex: '1 1 220px' }}>
          {everyone
            ? "While a delegation holds, the approver's requests are offered to the delegate too, who decides for them."
            : 'While you are away, your delegate sees your requests and decides for you.'}
        </Typography.Text>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
            Add Delegation
          </Button>
        )}
      </Flex>
      {list.isError ? (
        <Alert type="error" showIcon title="Error loading data" description={errorMessage(list.error)} />
      ) : list.isLoading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : (
        <>
          <DelegationList
            rows={list.data?.data ?? []}
            selfId={everyone ? undefined : user?.id}
            canChange={(row) => canEdit && (everyone || row.delegatorId === user?.id)}
            onEdit={(row) => setEditing({ row })}
            onRemoved={refresh}
          />
          {(list.data?.totalRows ?? 0) > DELEGATIONS_PAGE_SIZE && (
            <Pagination
              size="small"
              align="end"
              current={page}
              pageSize={DELEGATIONS_PAGE_SIZE}
              total={list.data?.totalRows ?? 0}
              showSizeChanger={false}
              showTotal={(total, [from, to]) => `${from}-${to} of ${total} delegations`}
              onChange={setPage}
            />
          )}
        </>
      )}
      {editing && (
        <DelegationDialog delegation={editing.row} chooseApprover={everyone} selfId={user?.id} onClose={() => setEditing(null)} />
      )}
    </Flex>
  );
}

/** The approval page's Out of office button: marked while a delegation of the caller's holds; opens their list. */
export function OutOfOfficeButton({ canEdit }: { canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const { user } = useSession();
  const own = useQuery({ ...ownDelegationsQueryOptions(user?.id ?? 0), enabled: user != null });
  const away = (own.data?.data ?? []).some((d) => d.state === 'CURRENT');
  const phone = Grid.useBreakpoint().md === false;
  return (
    <>
      <Badge dot={away} color="green" offset={[-4, 4]}>
        <Button icon={<UserSwitchOutlined />} onClick={() => setOpen(true)} title={away ? 'You are out of office: your delegate decides for you' : undefined}>
          Out of office
        </Button>
      </Badge>
      <Drawer
        title="Out of office"
        open={open}
        onClose={() => setOpen(false)}
        placement={phone ? 'bottom' : 'right'}
        size={phone ? '85%' : 440}
        destroyOnHidden
      >
        <DelegationsPanel scope="mine" canEdit={canEdit} />
      </Drawer>
    </>
  );
}
