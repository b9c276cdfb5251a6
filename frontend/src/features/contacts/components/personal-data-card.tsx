import { DeleteOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ArchiveButton, EraseDialog } from '@/components/personal-data';
import { errorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { contactKeys } from '../api/keys';
import {
  contactPersonalDataQueryOptions,
  downloadContactArchive,
  eraseContact,
  holdingsText,
  PERSONAL_DATA_PAGE,
  type ContactPersonalData,
} from '../api/personal-data-api';

export const ERASE_TEXT = 'Erase this person…';
export const WHAT_STAYS =
  'Approval records and cost sheet numbers stay as they are; the leads, activities and history entries stay with ' +
  'the person shown as erased.';

/** What a contact's erasure replaces and deletes, as the dialog says it. */
function whatGoes(found: ContactPersonalData) {
  const { files } = found.holdings;
  const deleted = files > 0 ? `, their ${files === 1 ? 'file is' : `${files} files are`} deleted` : '';
  return (
    `Their name, e-mail, phone and every other personal field are replaced${deleted}, and each mention of them in ` +
    'notes, lead history, notifications and approval or cost sheet remarks is replaced. This cannot be undone.'
  );
}

/** A contact's page, for those who may: what the CRM holds about them (UU PDP), its archive, and their erasure. */
export function PersonalDataCard({ contactId, listPath }: { contactId: number; listPath: string }) {
  const access = usePageAccess(PERSONAL_DATA_PAGE);
  const allowed = access.isRead || access.isDelete;
  const found = useQuery({ ...contactPersonalDataQueryOptions(contactId), enabled: allowed });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [erasing, setErasing] = useState(false);
  if (!allowed) return null;

  const erased = () => {
    setErasing(false);
    void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    navigate(listPath);
  };

  return (
    <Card
      variant="borderless"
      className="page-card personal-data"
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined />
          Personal data
        </Flex>
      }
    >
      {found.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : found.isError ? (
        <Alert type="warning" showIcon title={errorMessage(found.error)} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            What the CRM holds about this person, for a request under UU PDP (Law 27/2022):{' '}
            <span className="personal-data__holdings">{holdingsText(found.data.holdings)}</span>.
          </Typography.Text>
          {found.data.erasedAt && (
            <Alert
              type="info"
              showIcon
              title={`Erased on ${formatDateTime(found.data.erasedAt)}${found.data.erasedBy ? ` by ${found.data.erasedBy}` : ''}.`}
            />
          )}
          <Flex gap={8} wrap>
            {access.isRead && <ArchiveButton download={() => downloadContactArchive(contactId)} />}
            {access.isDelete && !found.data.erasedAt && (
              <Button danger icon={<DeleteOutlined />} onClick={() => setErasing(true)}>
                {ERASE_TEXT}
              </Button>
            )}
          </Flex>
          <EraseDialog
            name={found.data.name}
            goes={whatGoes(found.data)}
            stays={WHAT_STAYS}
            erase={(confirmation) => eraseContact(contactId, confirmation)}
            open={erasing}
            onClose={() => setErasing(false)}
            onErased={erased}
          />
        </Flex>
      )}
    </Card>
  );
}
