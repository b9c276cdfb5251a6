import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { DIALOG_WIDTH } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { formatDate, formatIDR } from '@/lib/format';
import type { BillingRow } from '../api/billing-api';

export const REASON_REQUIRED = 'Please give a reason for moving the billing back.';

/** An administrator moves a billing one step back, saying why (the reason goes into its history). */
export function StepBackDialog({
  row,
  onMove,
  onClose,
}: {
  row: BillingRow | null;
  onMove: (row: BillingRow, note: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!row) return;
    if (!note.trim()) {
      setError(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await onMove(row, note.trim());
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={row !== null}
      title={row ? `Move back to ${row.previousStatusLabel}?` : ''}
      okText="Move back"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void submit()}
      onCancel={close}
      width={DIALOG_WIDTH}
      centered
      destroyOnHidden
      className="billing-step-back"
    >
      {row && (
        <Typography.Paragraph>
          {row.projectName} – {row.description}, {formatDate(row.schedule)}, {formatIDR(row.amount)} is{' '}
          {row.statusLabel} now.
        </Typography.Paragraph>
      )}
      <Form layout="vertical">
        <Form.Item label="Reason" required style={{ marginBottom: 28 }}>
          <Input.TextArea
            aria-label="Reason"
            rows={3}
            maxLength={500}
            showCount
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
