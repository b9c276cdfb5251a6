import { DeleteOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { ArchiveButton, EraseDialog } from '@/components/personal-data';
import { errorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { usePageAccess } from '@/lib/session';
import {
  downloadUserArchive,
  eraseUser,
  PERSONAL_DATA_PAGE,
  userHoldingsText,
  userPersonalDataQueryOptions,
  type UserPersonalData,
} from '../api/personal-data-api';
import './user-personal-data.css';

export const ERASE_TEXT = 'Erase this user…';
export const NOT_YET = 'Cannot be erased yet:';
export const WHAT_STAYS =
  'Their leads, activities, approvals, cost sheets and targets stay, counted by their id, so every figure stays as ' +
  'it is; they are shown as the erased user.';

/** What a user's erasure replaces and deletes, as the dialog says it. */
const WHAT_GOES =
  'Their name, username, e-mail, phone and every other personal field are replaced; their password, second factor, ' +
  'provider links, saved views and notifications are deleted; and each mention of them in notes, lead history, ' +
  'notifications, approval or cost sheet remarks and the audit log is replaced. This cannot be undone.';

/** A user's page, for those who may: what the CRM holds about them (UU PDP), its archive, and their erasure (once
 * deactivated and without open work: the server says why not yet); `onErased` refills the page's form. */
export function UserPersonalData({ userId, onErased }: { userId: number; onErased?: () => void }) {
  const access = usePageAccess(PERSONAL_DATA_PAGE);
  const allowed = access.isRead || access.isDelete;
  const found = useQuery({ ...userPersonalDataQueryOptions(userId), enabled: allowed });
  const queryClient = useQueryClient();
  const [erasing, setErasing] = useState(false);
  if (!allowed) return null;

  const erased = () => {
    setErasing(false);
    onErased?.(); // the form shows the erased record from now on
    void invalidateDomains(queryClient, queryDomains.userManagement, queryDomains.users, queryDomains.masterData);
  };
  const data = found.data;
  const refused = (data?.refusals.length ?? 0) > 0;

  return (
    <section className="user-personal-data" aria-labelledby="user-personal-data-title">
      <Typography.Title level={5} id="user-personal-data-title" className="user-personal-data__title">
        <SafetyCertificateOutlined /> Personal data
      </Typography.Title>
      {found.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : found.isError || !data ? (
        <Alert type="warning" showIcon title={errorMessage(found.error)} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            What the CRM holds about this user, for a request under UU PDP (Law 27/2022):{' '}
            <span className="personal-data__holdings">{userHoldingsText(data.holdings)}</span>.
          </Typography.Text>
          {data.erasedAt && (
            <Alert
              type="info"
              showIcon
              title={`Erased on ${formatDateTime(data.erasedAt)}${data.erasedBy ? ` by ${data.erasedBy}` : ''}.`}
            />
          )}
          {access.isDelete && refused && (
            <Alert
              type="warning"
              showIcon
              title={NOT_YET}
              description={
                <ul className="user-personal-data__reasons">
                  {data.refusals.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Flex gap={8} wrap>
            {access.isRead && <ArchiveButton download={() => downloadUserArchive(userId)} />}
            {access.isDelete && !data.erasedAt && (
              <Button danger icon={<DeleteOutlined />} disabled={refused} onClick={() => setErasing(true)}>
                {ERASE_TEXT}
              </Button>
            )}
          </Flex>
          <EraseDialog
            name={data.name}
            goes={WHAT_GOES}
            stays={WHAT_STAYS}
            erase={(confirmation) => eraseUser(userId, confirmation)}
            open={erasing}
            onClose={() => setErasing(false)}
            onErased={erased}
          />
        </Flex>
      )}
    </section>
  );
}
