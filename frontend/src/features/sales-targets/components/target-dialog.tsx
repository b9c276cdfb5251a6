import { Descriptions, Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '@/components/dialogs';
import { MoneyInput } from '@/components/money-input';
import { errorMessage, isApiError, OOPS, serverMessages } from '@/lib/api/errors';
import { formatIDR } from '@/lib/format';
import { useSaveTarget, type TargetDetail, type TargetRow } from '../api/targets-api';

export const TARGET_REQUIRED = 'Please enter the target.';

/** What a refusal says about the amount: its field errors when a 422 names it, else the server's messages. */
function refusalOf(error: unknown): string {
  const fields = isApiError(error) ? (error.body as { fields?: { field?: string; message?: string }[] }).fields : null;
  const own = (Array.isArray(fields) ? fields : []).filter((f) => f.field === 'amount' && f.message);
  if (own.length > 0) return own.map((f) => f.message).join(' ');
  const messages = serverMessages(error);
  return messages.length > 0 ? messages.join(' ') : errorMessage(error, OOPS);
}

interface TargetDialogProps {
  /** The sales person and year whose target is set; null keeps the dialog closed. */
  row: TargetRow | null;
  onClose: () => void;
  onSaved?: (saved: TargetDetail) => void;
}

/** Sets or changes one sales person's target for the year; the server's refusal shows on the field. */
export function TargetDialog({ row, onClose, onSaved }: TargetDialogProps) {
  const [amount, setAmount] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveTarget();

  useEffect(() => {
    setAmount(row && row.id !== null ? row.amount : null);
    setRefusal(null);
    save.reset();
    // a new row opens a fresh dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row]);

  if (!row) return null;
  const isSet = row.id !== null;
  const unchanged = isSet && amount === row.amount;

  const submit = () => {
    if (amount === null) {
      setRefusal(TARGET_REQUIRED);
      return;
    }
    setRefusal(null);
    save.mutate(
      { salesPersonId: row.salesPersonId, year: row.year, amount },
      {
        onSuccess: (saved) => {
          toast.success(`The ${saved.year} target of ${saved.fullname} is now ${formatIDR(saved.amount)}.`);
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => setRefusal(refusalOf(error)),
      },
    );
  };

  return (
    <Modal
      open
      title={`${isSet ? 'Change' : 'Set'} the ${row.year} target`}
      okText="Save"
      onOk={submit}
      okButtonProps={{ disabled: unchanged }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={440}
      destroyOnHidden
    >
      <Descriptions
        className="target-dialog__who"
        size="small"
        column={1}
        items={[
          { key: 'person', label: 'Sales person', children: row.fullname },
          { key: 'leader', label: 'Team leader', children: row.leaderName ?? 'No team leader' },
          { key: 'now', label: 'Target now', children: isSet ? formatIDR(row.amount) : 'Not set' },
        ]}
      />
      <Form layout="vertical" onFinish={submit} className="target-dialog__form">
        <Form.Item
          label={`Target for ${row.year}`}
          htmlFor="target-amount"
          required
          validateStatus={refusal ? 'error' : undefined}
          help={refusal ?? 'The gross profit to close in the year, in rupiah.'}
        >
          <MoneyInput
            id="target-amount"
            autoFocus
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setRefusal(null);
            }}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
