import { Alert, Avatar, Badge, Card, Empty, Flex, Grid, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButton, TableFilters, TableSearch } from '@/components/data-table';
import { Page, systemCrumbs } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';
import { useRealtimeEvent, useRealtimeState, useRealtimeWatch } from '@/lib/realtime';
import { formatDateTime, formatNumber } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { listTeam, SALES_MONITORING_PAGE, salesMonitoringKeys, teamQueryOptions, type MonitoredPerson } from '../api/sales-monitoring-api';
import { agoLabel, connectionsLabel, onlineDuration } from '../lib/duration';
import './sales-monitoring.css';

/** The time now, moving on every second while the screen is shown (one timer for every row). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function StatusTag({ status }: { status: MonitoredPerson['status'] }) {
  if (status === 'Online') {
    return (
      <Tag color="success" className="presence-status">
        <Badge status="success" /> Online
      </Tag>
    );
  }
  if (status === 'Away') {
    return (
      <Tag color="warning" className="presence-status" title="Connected, with no tab in front">
        <Badge status="warning" /> Away
      </Tag>
    );
  }
  return (
    <Tag className="presence-status presence-status--offline" title="Not connected">
      <Badge status="default" /> Offline
    </Tag>
  );
}

/** When a person was last seen: "Now" while connected, else the moment and how long ago ("Never" if never). */
function LastSeen({ person, now }: { person: MonitoredPerson; now: number }) {
  if (person.isLoggedIn) return <Typography.Text type="secondary">Now</Typography.Text>;
  if (!person.lastSeenAt) return <Typography.Text type="secondary">Never</Typography.Text>;
  return (
    <span className="presence-seen">
      <span>{formatDateTime(person.lastSeenAt)}</span>{' '}
      <Typography.Text type="secondary">({agoLabel(person.lastSeenAt, now)})</Typography.Text>
    </span>
  );
}

/** The live hh:mm:ss of a connected person; a dash for one offline. */
const duration = (person: MonitoredPerson, now: number) =>
  person.connectedAt ? onlineDuration(person.connectedAt, now) : '–';

/** "2 online · 1 away · 5 offline" */
function countsLabel(people: MonitoredPerson[]): string {
  const count = (status: MonitoredPerson['status']) => people.filter((p) => p.status === status).length;
  return `${formatNumber(count('Online'))} online · ${formatNumber(count('Away'))} away · ${formatNumber(count('Offline'))} offline`;
}

function Person({ person }: { person: MonitoredPerson }) {
  return (
    <Flex gap={10} align="center">
      <Avatar size="small" className="presence-avatar">
        {initials(person.name)}
      </Avatar>
      <span>{person.name}</span>
    </Flex>
  );
}

function LiveState() {
  const { status } = useRealtimeState();
  return status === 'open' ? (
    <Tag color="processing" className="presence-live">
      <Badge status="processing" /> Live
    </Tag>
  ) : (
    <Tag className="presence-live" title="The list updates again once the connection is back">
      <Badge status="default" /> Reconnecting…
    </Tag>
  );
}

/**
 * /system/sales-monitoring (spec 2 §2.11): the user's whole team (everybody's for top management), online, away or
 * offline: the connected first with a live hh:mm:ss online duration, then the others with when each was last seen;
 * the list follows the realtime channel's updateClients as people come and go.
 */
/** What an export of the team holds: each person and their presence, as the table shows them. */
const PRESENCE_EXPORT = [
  { key: 'name', title: 'Sales Name' },
  { key: 'roleName', title: 'Role' },
  { key: 'status', title: 'Status' },
  { key: 'connectedAt', title: 'Online since' },
  { key: 'lastSeenAt', title: 'Last Seen' },
  { key: 'tabs', title: 'Tabs' },
  { key: 'devices', title: 'Devices' },
];

export function SalesMonitoringPage() {
  const access = usePageAccess(SALES_MONITORING_PAGE);
  const phone = Grid.useBreakpoint().md === false;
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const queryClient = useQueryClient();
  const people = useQuery({ ...teamQueryOptions(search), enabled: access.isRead });
  const now = useNow();

  useRealtimeWatch('presence', access.isRead);
  useRealtimeEvent('updateClients', () => {
    void queryClient.invalidateQueries({ queryKey: salesMonitoringKeys.all });
  });

  const onSearch = (term: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (term) next.set('search', term);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );

  const columns: ColumnsType<MonitoredPerson> = [
    { title: 'Sales Name', key: 'name', render: (_, p) => <Person person={p} /> },
    { title: 'Role', dataIndex: 'roleName', key: 'role' },
    { title: 'Status', key: 'status', render: (_, p) => <StatusTag status={p.status} /> },
    {
      title: 'Online Duration',
      key: 'duration',
      render: (_, p) => <span className="presence-duration">{duration(p, now)}</span>,
    },
    { title: 'Last Seen', key: 'lastSeen', render: (_, p) => <LastSeen person={p} now={now} /> },
    {
      title: 'Connected with',
      key: 'connections',
      render: (_, p) => <Typography.Text type="secondary">{connectionsLabel(p.tabs, p.devices)}</Typography.Text>,
    },
  ];

  let body;
  if (!access.isRead) body = <Alert type="info" showIcon title="You do not have access to Sales Monitoring." />;
  else if (people.isError) {
    body = <Alert type="error" showIcon title="Error loading data" description={errorMessage(people.error)} />;
  } else if (!people.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (people.data.length === 0) {
    body = <Empty description={search ? 'Nobody in your team matches the search.' : 'Nobody is in your team yet.'} />;
  } else if (phone) {
    body = (
      <Flex vertical gap={10}>
        {people.data.map((p) => (
          <Card key={p.userId} size="small" className="presence-block" title={<Person person={p} />} extra={<StatusTag status={p.status} />}>
            <Flex justify="space-between" align="baseline" gap={8} wrap>
              <Typography.Text type="secondary">{p.roleName}</Typography.Text>
              {p.isLoggedIn ? (
                <span className="presence-duration">{duration(p, now)}</span>
              ) : (
                <span className="presence-block__seen">
                  {p.lastSeenAt ? (
                    <>
                      Last seen <LastSeen person={p} now={now} />
                    </>
                  ) : (
                    'Never seen'
                  )}
                </span>
              )}
            </Flex>
            {p.isLoggedIn && (
              <Typography.Text type="secondary" className="presence-block__connections">
                {connectionsLabel(p.tabs, p.devices)}
              </Typography.Text>
            )}
          </Card>
        ))}
      </Flex>
    );
  } else {
    body = (
      <Table<MonitoredPerson>
        rowKey="userId"
        columns={columns}
        dataSource={people.data}
        pagination={false}
        size="middle"
        rowClassName={(p) => (p.isLoggedIn ? '' : 'presence-row--offline')}
      />
    );
  }

  return (
    <Page
      breadcrumb={systemCrumbs('Sales Monitoring')}
      title="Sales Monitoring"
      subtitle="Your team: who is online now and for how long, and when the others were last seen."
      width="full"
      card
      extra={access.isRead ? <LiveState /> : undefined}
    >
      {access.isRead && (
        <div className="presence-toolbar">
          <TableFilters>
          <Typography.Text type="secondary" className="presence-count">
            {people.data ? countsLabel(people.data) : ' '}
          </Typography.Text>
          <Flex gap={8} className="presence-search">
            <TableSearch label="Search by name" onSearch={onSearch} value={search} />
            <ExportButton title="Sales Monitoring" columns={PRESENCE_EXPORT} run={() => listTeam(search)} />
          </Flex>
          </TableFilters>
        </div>
      )}
      {body}
    </Page>
  );
}
