import { Flex, Grid, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ServerListPage, useServerList } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { formatDateTime, titleCase } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_SUBJECTS,
  auditCriteria,
  auditListQueryOptions,
  type AuditRow,
} from '../api/audit-api';
import { changeText } from '../lib/changes';
import './audit-log.css';

export const AUDIT_PAGE = 'system/audit-log';
export const AUDIT_SEARCH_PLACEHOLDER = 'Search by name';

const SUBJECT_COLORS: Record<AuditRow['subject'], string> = {
  USER: 'blue',
  HIERARCHY: 'purple',
  ROLE: 'gold',
  MENU: 'cyan',
  PAGE: 'geekblue',
  ACCESS: 'magenta',
  ROLE_MAPPING: 'volcano',
  IMPORT: 'lime',
  CONTACT: 'geekblue',
};
const ACTION_COLORS: Record<AuditRow['action'], string> = {
  CREATE: 'green',
  UPDATE: 'blue',
  DEACTIVATE: 'red',
  ACTIVATE: 'green',
  PASSWORD_SET: 'orange',
  UNLOCK: 'orange',
  DELETE: 'red',
  MOVE: 'purple',
  GRANT: 'green',
  REVOKE: 'red',
  CHANGE: 'blue',
  SECOND_FACTOR_RESET: 'orange',
  IMPORT: 'green',
  UNDO: 'red',
  EXPORT: 'cyan',
  ERASE: 'volcano',
};

const actor = (row: AuditRow) => row.actorName ?? 'System';

function SubjectCell({ row }: { row: AuditRow }) {
  return (
    <Flex gap={6} align="baseline" wrap>
      <Tag color={SUBJECT_COLORS[row.subject]} className="audit-tag">
        {titleCase(row.subject)}
      </Tag>
      <span>{row.subjectLabel}</span>
    </Flex>
  );
}

const ActionTag = ({ action }: { action: AuditRow['action'] }) => (
  <Tag color={ACTION_COLORS[action]} className="audit-tag">
    {titleCase(action)}
  </Tag>
);

function Changes({ row }: { row: AuditRow }) {
  if (row.changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul className="audit-changes">
      {row.changes.map((change) => (
        <li key={change.field}>{changeText(change)}</li>
      ))}
    </ul>
  );
}

/** On a phone: one block a row (when and who, the subject, the action, the changes), read top to bottom. */
function PhoneEntry({ row }: { row: AuditRow }) {
  return (
    <div className="audit-entry">
      <Typography.Text type="secondary" className="audit-entry__meta">
        {formatDateTime(row.at)} · {actor(row)}
      </Typography.Text>
      <Flex gap={6} align="baseline" wrap>
        <ActionTag action={row.action} />
        <SubjectCell row={row} />
      </Flex>
      <Changes row={row} />
    </div>
  );
}

const selectOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: titleCase(v) }));

/** /system/audit-log: who changed which user, role, menu or access, and how; newest first. */
export function AuditLogPage() {
  const access = usePageAccess(AUDIT_PAGE);
  const phone = Grid.useBreakpoint().md === false;
  const list = useServerList({
    pageSize: AUDIT_PAGE_SIZE,
    sort: 'at',
    desc: true,
    filters: { subject: '', action: '' },
    canRead: access.isRead,
    query: (params, { subject, action }) => auditListQueryOptions(params, auditCriteria({ subject, action })),
  });
  const { sortOrder } = list.table;

  const columns: ColumnsType<AuditRow> = phone
    ? [{ title: 'Entry', key: 'entry', render: (_: unknown, row) => <PhoneEntry row={row} /> }]
    : [
        {
          title: 'When',
          dataIndex: 'at',
          key: 'at',
          sorter: true,
          sortOrder: sortOrder('at'),
          width: 130,
          render: (at: string) => formatDateTime(at),
        },
        { title: 'Who', key: 'actor', width: 150, render: (_: unknown, row) => actor(row) },
        {
          title: 'Subject',
          key: 'subject',
          sorter: true,
          sortOrder: sortOrder('subject'),
          width: 220,
          render: (_: unknown, row) => <SubjectCell row={row} />,
        },
        {
          title: 'Action',
          dataIndex: 'action',
          key: 'action',
          sorter: true,
          sortOrder: sortOrder('action'),
          width: 124,
          render: (value: AuditRow['action']) => <ActionTag action={value} />,
        },
        { title: 'Changes', key: 'changes', render: (_: unknown, row) => <Changes row={row} /> },
      ];

  return (
    <ServerListPage<AuditRow>
      list={list}
      breadcrumb={systemCrumbs('Audit Log')}
      title="Audit Log"
      subtitle="Every change to users, the hierarchy, roles, menus and access: who made it, when, and what changed."
      noAccessText="You do not have access to view the audit log."
      searchLabel={AUDIT_SEARCH_PLACEHOLDER}
      filters={[
        { key: 'subject', name: 'subject', placeholder: 'All subjects', options: selectOptions(AUDIT_SUBJECTS) },
        { key: 'action', name: 'action', placeholder: 'All actions', options: selectOptions(AUDIT_ACTIONS) },
      ]}
      rowKey="id"
      columns={columns}
      tableLayout="fixed"
      wrap
      showHeader={!phone}
    />
  );
}
