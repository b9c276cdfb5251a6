import { DeleteOutlined, DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DIALOG_WIDTH, toast } from '@/components/dialogs';
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
import './personal-data-card.css';

export const DOWNLOAD_TEXT = 'Download everything we hold';
export const ERASE_TEXT = 'Erase this person…';
export const DOWNLOAD_FAILED = 'The archive could not be made.';
export const WHAT_STAYS =
  'Approval records and cost sheet numbers stay as they are; the leads, activities and history entries stay with ' +
  'the person shown as erased.';

interface EraseDialogProps {
  found: ContactPersonalData;
  open: boolean;
  onClose: () => void;
  onErased: () => void;
}

/** Asks for the contact's full name before erasing them, and says what goes and what stays. */
function EraseDialog({ found, open, onClose, onErased }: EraseDialogProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { holdings, name } = found;
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const erase = async () => {
    setBusy(true);
    setError(null);
    try {
      await eraseContact(found.contactId, typed);
      toast.success(`'${name}' has been erased.`);
      setTyped('');
      onErased();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={`Erase ${name}?`}
      width={DIALOG_WIDTH + 80}
      centered
      onCancel={close}
      okText="Erase"
      okButtonProps={{ danger: true, disabled: typed.trim() === '', loading: busy }}
      onOk={() => void erase()}
      destroyOnHidden
    >
      <Flex vertical gap={12} className="personal-data__dialog">
        <Typography.Paragraph className="personal-data__paragraph">
          Their name, e-mail, phone and every other personal field are replaced
          {holdings.files > 0 && `, their ${holdings.files === 1 ? 'file is' : `${holdings.files} files are`} deleted`}
          , and each mention of them in notes, lead history, notifications and approval or cost sheet
          remarks is replaced. This cannot be undone.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" className="personal-data__paragraph">
          {WHAT_STAYS}
        </Typography.Paragraph>
        <label className="personal-data__label" htmlFor="erase-confirmation">
          Type <Typography.Text strong>{name}</Typography.Text> to confirm
        </label>
        <Input
          id="erase-confirmation"
          value={typed}
          autoComplete="off"
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          onPressEnter={() => typed.trim() !== '' && void erase()}
        />
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Modal>
  );
}

/** A contact's page, for those who may: what the CRM holds about them (UU PDP), its archive, and their erasure. */
export function PersonalDataCard({ contactId, listPath }: { contactId: number; listPath: string }) {
  const access = usePageAccess(PERSONAL_DATA_PAGE);
  const allowed = access.isRead || access.isDelete;
  const found = useQuery({ ...contactPersonalDataQueryOptions(contactId), enabled: allowed });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [erasing, setErasing] = useState(false);
  if (!allowed) return null;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadContactArchive(contactId);
    } catch (failure) {
      toast.error(DOWNLOAD_FAILED, errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };
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
          <Flex gap={8} wrap className="personal-data__actions">
            {access.isRead && (
              <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
                {DOWNLOAD_TEXT}
              </Button>
            )}
            {access.isDelete && !found.data.erasedAt && (
              <Button danger icon={<DeleteOutlined />} onClick={() => setErasing(true)}>
                {ERASE_TEXT}
              </Button>
            )}
          </Flex>
          <EraseDialog found={found.data} open={erasing} onClose={() => setErasing(false)} onErased={erased} />
        </Flex>
      )}
    </Card>
  );
}
