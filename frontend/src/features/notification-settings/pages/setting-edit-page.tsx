import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { FormPage, systemCrumbs } from '@/components/form-page';
import { errorMessage } from '@/lib/api/errors';
import { usePageAccess } from '@/lib/session';
import { settingQueryOptions } from '../api/settings-api';
import { SettingForm } from '../components/setting-form';
import { FAMILIES, type SettingFamily } from '../lib/families';

/**
 * /system/notification-management/{id} and /system/reminder-management/{id}: one action's channels, recipients,
 * lead time and message template, with a live preview; read-only without edit access.
 */
export function SettingEditPage({ family }: { family: SettingFamily }) {
  const info = FAMILIES[family];
  const { settingId: param } = useParams();
  const settingId = Number(param);
  const access = usePageAccess(info.page);
  const navigate = useNavigate();
  const detail = useQuery({
    ...settingQueryOptions(family, settingId),
    enabled: access.isRead && Number.isFinite(settingId),
  });
  const setting = detail.data;
  const canEdit = access.isEdit;
  const title = setting ? (canEdit ? `Edit ${setting.label}` : setting.label) : info.title;

  return (
    <FormPage
      breadcrumb={systemCrumbs(info.title, info.listPath, setting?.label ?? (canEdit ? 'Edit' : 'View'))}
      title={title}
      subtitle={setting?.description}
    >
      {!access.isRead ? (
        <Alert type="info" showIcon title={info.noAccessText} />
      ) : detail.isError || !Number.isFinite(settingId) ? (
        <Result
          status="warning"
          title="Error loading data"
          subTitle={detail.error ? errorMessage(detail.error) : undefined}
          extra={<Button onClick={() => navigate(info.listPath)}>Back to {info.title}</Button>}
        />
      ) : !setting ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {!canEdit && (
            <Typography.Paragraph type="secondary" className="setting-form__read-only">
              You can view this setting; changing it needs edit access.
            </Typography.Paragraph>
          )}
          <SettingForm key={setting.id} family={family} setting={setting} canEdit={canEdit} />
        </>
      )}
    </FormPage>
  );
}

export const NotificationSettingPage = () => <SettingEditPage family="notification" />;
export const ReminderSettingPage = () => <SettingEditPage family="reminder" />;
