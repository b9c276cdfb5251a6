import { Alert, Avatar, Badge, Card, Empty, Flex, Grid, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TableFilters, TableSearch } from '@/components/data-table';
import { Page, systemCrumbs } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';
import { useRealtimeEvent, useRealtimeState, useRealtimeWatch } from '@/lib/realtime';
import { usePageAccess } from '@/lib/session';
import { onlinePeopleQueryOptions, SALES_MONITORING_PAGE, salesMonitoringKeys, type OnlinePerson } from '../api/sales-monitoring-api';
import { connectionsLabel, onlineDuration } from '../lib/duration';
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

function StatusTag({ status }: { status: OnlinePerson['status'] }) {
  return status === 'Online' ? (
    <Tag color="success" className="presence-status">
      <Badge status="success" /> Online
    </Tag>
  ) : (
    <Tag color="warning" className="presence-status" title="Connected, with no tab in front">
      <Badge status="warning" /> Away
    </Tag>
  );
}

function Person({ person }: { person: OnlinePerson }) {
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
 * /system/sales-monitoring (spec 2 §2.11): who of the people the user sees (their team; everybody for top management)
 * is connected now, with a live hh:mm:ss online duration; the list follows the realtime channel's updateClients as
 * people come and go.
 */
export function SalesMonitoringPage() {
  const access = usePageAccess(SALES_MONITORING_PAGE);
  const phone = Grid.useBreakpoint().md === false;
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const queryClient = useQueryClient();
  const people = useQuery({ ...onlinePeopleQueryOptions(search), enabled: access.isRead });
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

  const columns: ColumnsType<OnlinePerson> = [
    { title: 'Sales Name', key: 'name', render: (_, p) => <Person person={p} /> },
    { title: 'Role', dataIndex: 'roleName', key: 'role' },
    { title: 'Status', key: 'status', render: (_, p) => <StatusTag status={p.status} /> },
    {
      title: 'Online Duration',
      key: 'duration',
      render: (_, p) => <span className="presence-duration">{onlineDuration(p.connectedAt, now)}</span>,
    },
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
    body = <Empty description={search ? 'Nobody online matches the search.' : 'Nobody is online right now.'} />;
  } else if (phone) {
    body = (
      <Flex vertical gap={10}>
        {people.data.map((p) => (
          <Card key={p.userId} size="small" className="presence-block" title={<Person person={p} />} extra={<StatusTag status={p.status} />}>
            <Flex justify="space-between" align="baseline" gap={8} wrap>
              <Typography.Text type="secondary">{p.roleName}</Typography.Text>
              <span className="presence-duration">{onlineDuration(p.connectedAt, now)}</span>
            </Flex>
            <Typography.Text type="secondary" className="presence-block__connections">
              {connectionsLabel(p.tabs, p.devices)}
            </Typography.Text>
          </Card>
        ))}
      </Flex>
    );
  } else {
    body = <Table<OnlinePerson> rowKey="userId" columns={columns} dataSource={people.data} pagination={false} size="middle" />;
  }

  return (
    <Page
      breadcrumb={systemCrumbs('Sales Monitoring')}
      title="Sales Monitoring"
      subtitle="Who of your people is online now, and for how long."
      width="full"
      card
      extra={access.isRead ? <LiveState /> : undefined}
    >
      {access.isRead && (
        <div className="presence-toolbar">
          <TableFilters>
          <Typography.Text type="secondary" className="presence-count">
            {people.data ? `${people.data.length} online` : ' '}
          </Typography.Text>
          <TableSearch label="Search by name" onSearch={onSearch} value={search} />
          </TableFilters>
        </div>
      )}
      {body}
    </Page>
  );
}
