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

/** Below this the columns would be squeezed and the table scrolls in its card (1280 px with the sidebar fits). */
const TABLE_MIN_WIDTH = 880;

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

  const wide: ColumnsType<Setting> = [
    { title: 'Action', key: 'label', width: 240, render: (_: unknown, row) => <ActionCell setting={row} /> },
    { title: 'Channels', key: 'channels', width: 132, render: (_: unknown, row) => <ChannelTags setting={row} /> },
    {
      title: 'Recipients',
      key: 'recipients',
      width: 220,
      render: (_: unknown, row) => <RecipientList setting={row} />,
    },
    { title: 'Message', key: 'message', render: (_: unknown, row) => <MessageCell setting={row} /> },
    ...(family === 'reminder'
      ? [
          {
            title: 'Lead time',
            key: 'leadTime',
            width: 150,
            render: (_: unknown, row: Setting) => <LeadTimeCell setting={row} />,
          },
        ]
      : []),
    { title: 'Last changed', key: 'updatedAt', width: 150, render: (_: unknown, row) => <LastChanged setting={row} /> },
    {
      title: '',
      key: 'actions',
      width: 88,
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
        scroll={compact ? {} : { x: TABLE_MIN_WIDTH }}
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
