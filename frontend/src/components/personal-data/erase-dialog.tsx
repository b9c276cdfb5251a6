import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { DIALOG_WIDTH, toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import './personal-data.css';

export const DOWNLOAD_TEXT = 'Download everything we hold';
export const ARCHIVE_FAILED = 'The archive could not be made.';

interface EraseDialogProps {
  /** The person's full name: the dialog's title and what must be typed back. */
  name: string;
  /** What goes (the first paragraph). */
  goes: ReactNode;
  /** What stays (the second, quieter paragraph). */
  stays: ReactNode;
  /** The erasure call with the name typed back; its refusal is shown in the dialog. */
  erase: (confirmation: string) => Promise<unknown>;
  open: boolean;
  onClose: () => void;
  onErased: () => void;
}

/** Asks for a person's full name before erasing them (UU PDP), and says what goes and what stays: a contact's and a
 * user's Personal data card share it. */
export function EraseDialog({ name, goes, stays, erase: call, open, onClose, onErased }: EraseDialogProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const erase = async () => {
    setBusy(true);
    setError(null);
    try {
      await call(typed);
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
      <Flex vertical gap={12}>
        <Typography.Paragraph className="personal-data__paragraph">{goes}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" className="personal-data__paragraph">
          {stays}
        </Typography.Paragraph>
        <label className="personal-data__label" htmlFor={inputId}>
          Type <Typography.Text strong>{name}</Typography.Text> to confirm
        </label>
        <Input
          id={inputId}
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

/** Download everything we hold: the archive's call, its failure said in a toast. */
export function ArchiveButton({ download }: { download: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (failure) {
      toast.error(ARCHIVE_FAILED, errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {DOWNLOAD_TEXT}
    </Button>
  );
}
