import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Result, Skeleton, Tag, Timeline, Typography } from 'antd';
import { formatDateTime } from '@/lib/format';
import { contactHistoryQueryOptions, type FieldChange, type ContactHistoryEntry } from '../api/contacts-api';

export const NO_INFORMATION_TEXT = 'No Information...';
export const LOAD_ERROR_TEXT = 'Error loading data';

const ACTION_TEXT: Record<string, { verb: string; color: string }> = {
  CREATED: { verb: 'created', color: 'green' },
  UPDATED: { verb: 'updated', color: 'blue' },
  DELETED: { verb: 'deleted', color: 'red' },
};

/** A history value as text: empty values show as '-'. */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "Position: Manager → Director". */
export function changeText(change: FieldChange): string {
  return `${change.label || change.field}: ${changeValue(change.from)} → ${changeValue(change.to)}`;
}

function EntryContent({ entry }: { entry: ContactHistoryEntry }) {
  const action = ACTION_TEXT[entry.action] ?? { verb: String(entry.action).toLowerCase(), color: 'default' };
  return (
    <div className="changelog-entry">
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>{entry.createdBy || 'Someone'}</Typography.Text>
        <Typography.Text type="secondary">{action.verb} the contact</Typography.Text>
        <Tag color={action.color}>{entry.action}</Tag>
      </Flex>
      {entry.changes.length > 0 ? (
        <ul className="changelog-entry__changes">
          {entry.changes.map((change) => (
            <li key={change.field}>{changeText(change)}</li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary" className="changelog-entry__summary">
          {[entry.fullname, entry.position, entry.division, entry.clientName].filter(Boolean).join(' · ')}
        </Typography.Text>
      )}
    </div>
  );
}

/** The 'Contact Changes' list: who changed the contact, when, and each field from → to. */
export function ContactChangelog({ contactId }: { contactId: number }) {
  const history = useQuery(contactHistoryQueryOptions(contactId));

  return (
    <div className="changelog">
      <Typography.Title level={5} className="changelog__title">
        Contact Changes
      </Typography.Title>
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : history.isError ? (
        <Result status="warning" title={LOAD_ERROR_TEXT} />
      ) : history.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_INFORMATION_TEXT} />
      ) : (
        <Timeline
          className="changelog__timeline"
          mode="start"
          titleSpan="20%"
          items={history.data.map((entry) => ({
            key: entry.id,
            color: ACTION_TEXT[entry.action]?.color ?? 'gray',
            title: formatDateTime(entry.createdAt),
            content: <EntryContent entry={entry} />,
          }))}
        />
      )}
    </div>
  );
}
