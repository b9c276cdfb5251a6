import { useQuery } from '@tanstack/react-query';
import { Grid } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { usePageAccess } from '@/lib/session';
import { settingListQueryOptions, type Setting } from '../api/settings-api';
import {
  ActionCell,
  ChannelTags,
  LastChanged,
  LeadTimeCell,
  MessageCell,
  OpenButton,
  RecipientList,
  SettingCard,
} from '../components/setting-cells';
import { FAMILIES, type SettingFamily } from '../lib/families';

/**
 * The fixed columns' widths by family (reminders add a lead time, so the others give a little); the message takes
 * the rest, at least MESSAGE_MIN_WIDTH, and below that the table scrolls in its card. 1280 px with the system sidebar
 * open leaves about 910 px, so both tables fit there.
 */
const WIDTHS = {
  notification: { action: 192, channels: 108, recipients: 176, leadTime: 0, changed: 136, actions: 88 },
  reminder: { action: 176, channels: 108, recipients: 152, leadTime: 108, changed: 132, actions: 88 },
} as const;
const MESSAGE_MIN_WIDTH = 130;

/**
 * /system/notification-management and /system/reminder-management: one row per action, with how it is sent, to
 * whom and what it says; a row opens its setting.
 */
export function SettingsIndexPage({ family }: { family: SettingFamily }) {
  const info = FAMILIES[family];
  const access = usePageAccess(info.page);
  const navigate = useNavigate();
  // On a phone each setting is one block, so nothing scrolls sideways.
  const compact = Grid.useBreakpoint().md === false;
  const list = useQuery({ ...settingListQueryOptions(family), enabled: access.isRead });
  const open = (row: Setting) => navigate(`${info.listPath}/${row.id}`);

  const widths = WIDTHS[family];
  const wide: ColumnsType<Setting> = [
    { title: 'Action', key: 'label', width: widths.action, render: (_: unknown, row) => <ActionCell setting={row} /> },
    {
      title: 'Channels',
      key: 'channels',
      width: widths.channels,
      render: (_: unknown, row) => <ChannelTags setting={row} />,
    },
    {
      title: 'Recipients',
      key: 'recipients',
      width: widths.recipients,
      render: (_: unknown, row) => <RecipientList setting={row} />,
    },
    { title: 'Message', key: 'message', render: (_: unknown, row) => <MessageCell setting={row} /> },
    ...(family === 'reminder'
      ? [
          {
            title: 'Lead time',
            key: 'leadTime',
            width: widths.leadTime,
            render: (_: unknown, row: Setting) => <LeadTimeCell setting={row} />,
          },
        ]
      : []),
    {
      title: 'Last changed',
      key: 'updatedAt',
      width: widths.changed,
      render: (_: unknown, row) => <LastChanged setting={row} />,
    },
    {
      title: '',
      key: 'actions',
      width: widths.actions,
      render: (_: unknown, row) => <OpenButton setting={row} canEdit={access.isEdit} onOpen={() => open(row)} />,
    },
  ];
  const phone: ColumnsType<Setting> = [
    {
      title: family === 'notification' ? 'Notifications' : 'Reminders',
      key: 'label',
      render: (_: unknown, row) => <SettingCard setting={row} canEdit={access.isEdit} onOpen={() => open(row)} />,
    },
  ];

  return (
    <ListPage
      breadcrumb={systemCrumbs(info.title)}
      title={info.title}
      subtitle={info.subtitle}
      canRead={access.isRead}
      noAccessText={info.noAccessText}
      error={list.error}
    >
      <DataTable<Setting>
        rowKey="id"
        className="settings-table"
        columns={compact ? phone : wide}
        tableLayout="fixed"
        scroll={compact ? {} : { x: Object.values(widths).reduce((a, b) => a + b, MESSAGE_MIN_WIDTH) }}
        noPaging
        dataSource={list.data}
        loading={list.isFetching}
        onRow={(row) => ({ onClick: () => open(row) })}
      />
    </ListPage>
  );
}

export const NotificationManagementPage = () => <SettingsIndexPage family="notification" />;
export const ReminderManagementPage = () => <SettingsIndexPage family="reminder" />;
