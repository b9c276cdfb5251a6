import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Grid, Input, Select, Skeleton, Switch, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { formatNumber } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { effectiveQueryOptions, userPickQueryOptions, type EffectivePage } from '../api/access-admin-api';
import { pagesMatching } from '../lib/pages';
import { PageName } from './page-name';
import { NO_INFORMATION } from './roles-table';
import { TOP_BAR_HEIGHT } from './access-matrix';

const FLAGS = [
  { key: 'read', label: 'Read' },
  { key: 'write', label: 'Write' },
  { key: 'edit', label: 'Edit' },
  { key: 'delete', label: 'Delete' },
] as const;
type FlagKey = (typeof FLAGS)[number]['key'];

const hasSome = (page: EffectivePage) => FLAGS.some((f) => page[f.key].allowed);

function Lines({ lines }: { lines: string[] }) {
  return (
    <ul className="policy-lines">
      {lines.map((line) => (
        <li key={line}>
          <code>{line}</code>
        </li>
      ))}
    </ul>
  );
}

/** A flag as a tick or a cross; a tick's tooltip names the policy lines that grant it. */
function FlagIcon({ page, flag, label }: { page: EffectivePage; flag: FlagKey; label: string }) {
  const grant = page[flag];
  const icon = grant.allowed ? (
    <CheckCircleFilled className="flag flag--on" aria-label={`${label}: allowed`} role="img" />
  ) : (
    <CloseCircleOutlined className="flag flag--off" aria-label={`${label}: not allowed`} role="img" />
  );
  return grant.allowed ? <Tooltip title={<Lines lines={grant.grantedBy} />}>{icon}</Tooltip> : icon;
}

/** Why each flag is granted: the policy lines, flag by flag (a row's expansion). */
function GrantedBy({ page }: { page: EffectivePage }) {
  const granted = FLAGS.filter((f) => page[f.key].allowed);
  return (
    <dl className="granted-by">
      {granted.map((f) => (
        <div key={f.key} className="granted-by__flag">
          <dt>{f.label} granted by</dt>
          <dd>
            <Lines lines={page[f.key].grantedBy} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface EffectiveAccessPanelProps {
  /** The user shown (from the address), or none yet. */
  userId: number | undefined;
  onUser: (userId: number | undefined) => void;
}

/**
 * Effective access: any user's read, write, edit and delete on every page, each granted flag with the policy lines
 * that grant it (their role's own lines and the roles it inherits): what answers "why can't I?".
 */
export function EffectiveAccessPanel({ userId, onUser }: EffectiveAccessPanelProps) {
  const phone = Grid.useBreakpoint().md === false;
  const [typed, setTyped] = useState('');
  const [onlySome, setOnlySome] = useState(false);
  const [filter, setFilter] = useState('');
  const users = useQuery(userPickQueryOptions(useDebouncedValue(typed.trim(), 300)));
  const effective = useQuery({ ...effectiveQueryOptions(userId ?? NaN), enabled: userId !== undefined });
  const data = effective.data;

  const options = useMemo(() => {
    const found = (users.data?.data ?? []).map((u) => ({ value: u.id, label: `${u.fullname} (${u.username})` }));
    // the user of the address stays named, even when not among the matches
    if (data && !found.some((o) => o.value === data.userId)) {
      found.unshift({ value: data.userId, label: `${data.fullname} (${data.username})` });
    }
    return found;
  }, [users.data, data]);

  const rows = useMemo(
    () => pagesMatching((data?.pages ?? []).filter((p) => !onlySome || hasSome(p)), filter),
    [data, onlySome, filter],
  );
  const readable = data?.pages.filter((p) => p.read.allowed).length ?? 0;

  const flagColumns: ColumnsType<EffectivePage> = FLAGS.map((f) => ({
    title: f.label,
    key: f.key,
    width: 76,
    align: 'center' as const,
    render: (_: unknown, page: EffectivePage) => <FlagIcon page={page} flag={f.key} label={f.label} />,
  }));
  const columns: ColumnsType<EffectivePage> = phone
    ? [
        {
          title: 'Page',
          key: 'page',
          render: (_: unknown, page) => (
            <div className="matrix-block">
              <PageName page={page} />
              <Flex gap={12} wrap className="matrix-block__flags">
                {FLAGS.map((f) => (
                  <span key={f.key} className="flag-labelled">
                    <FlagIcon page={page} flag={f.key} label={f.label} /> {f.label}
                  </span>
                ))}
              </Flex>
            </div>
          ),
        },
      ]
    : [{ title: 'Page', key: 'page', render: (_: unknown, page) => <PageName page={page} /> }, ...flagColumns];

  return (
    <div className="effective-access">
      <Flex gap={8} wrap align="center" className="effective-access__toolbar">
        <Select<number>
          aria-label="User"
          className="effective-access__user"
          placeholder="Choose a user"
          allowClear
          showSearch={{ filterOption: false, onSearch: setTyped }}
          loading={users.isFetching}
          value={userId}
          options={options}
          onChange={(value) => {
            setTyped('');
            onUser(value ?? undefined);
          }}
          notFoundContent={users.isFetching ? 'Searching…' : users.error ? errorMessage(users.error) : 'No user found'}
        />
        <Input.Search
          allowClear
          aria-label="Filter pages"
          placeholder="Filter pages"
          className="effective-access__filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <label className="effective-access__some">
          <Switch size="small" checked={onlySome} onChange={setOnlySome} aria-label="Only pages with some access" />{' '}
          Only pages with some access
        </label>
      </Flex>
      {userId === undefined ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Choose a user to see what they may do on every page, and why." />
      ) : effective.isError ? (
        <Alert type="error" showIcon title="Error loading data" description={errorMessage(effective.error)} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Typography.Paragraph className="effective-access__summary">
            <strong>{data.fullname}</strong> ({data.username}) has the role <strong>{data.roleDescription}</strong> and
            may read {formatNumber(readable)} of {formatNumber(data.pages.length)} pages. Open a page to see the policy
            lines that grant each flag.
          </Typography.Paragraph>
          <Table<EffectivePage>
            rowKey="code"
            size="small"
            className="effective-table"
            columns={columns}
            tableLayout="fixed"
            sticky={phone ? undefined : { offsetHeader: TOP_BAR_HEIGHT }}
            dataSource={rows}
            pagination={false}
            loading={effective.isFetching}
            expandable={{
              expandedRowRender: (page) => <GrantedBy page={page} />,
              rowExpandable: hasSome,
              expandRowByClick: true,
            }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_INFORMATION} /> }}
          />
        </>
      )}
    </div>
  );
}
