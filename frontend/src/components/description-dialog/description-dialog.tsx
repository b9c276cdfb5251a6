import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { DIALOG_WIDTH } from '@/components/dialogs';
import { DESCRIPTION_MAX, isDescriptionValid } from './description';
import './description-dialog.css';

export const DESCRIPTION_TOO_LONG = `The description cannot exceed ${DESCRIPTION_MAX} characters.`;

export interface DescriptionDialogProps {
  open: boolean;
  title: ReactNode;
  /** Rejecting, holding and dropping need a description (spec 2 §5). */
  required: boolean;
  okText?: string;
  danger?: boolean;
  /** Shown above the box (what is about to happen). */
  intro?: ReactNode;
  /** Extra fields above the description (e.g. the target stage); they may block Confirm. */
  extra?: ReactNode;
  extraValid?: boolean;
  /** Under the description, just above the buttons (e.g. who the request goes to); it blocks nothing. */
  after?: ReactNode;
  loading?: boolean;
  /** The box's label ('Description' unless told: a withdrawal asks for its 'Reason'). */
  label?: string;
  /** False: no description box (what is confirmed takes none, e.g. a move that needs no request). */
  describe?: boolean;
  onCancel: () => void;
  onConfirm: (description: string) => void;
}

/** The reject or hold dialog: a description box with a counter; Confirm waits for a valid one. */
export function DescriptionDialog({
  open,
  title,
  required,
  okText = 'Confirm',
  danger = false,
  intro,
  extra,
  extraValid = true,
  after,
  loading = false,
  label = 'Description',
  describe = true,
  onCancel,
  onConfirm,
}: DescriptionDialogProps) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (open) {
      setText('');
      setTouched(false);
    }
  }, [open]);

  const tooLong = text.length > DESCRIPTION_MAX;
  const missing = describe && required && text.trim() === '';
  const valid = (!describe || isDescriptionValid(text, required)) && extraValid;
  const help = tooLong ? DESCRIPTION_TOO_LONG : touched && missing ? 'Please enter a description.' : undefined;

  return (
    <Modal
      open={open}
      title={title}
      width={DIALOG_WIDTH}
      centered
      destroyOnHidden
      okText={okText}
      okButtonProps={{ disabled: !valid, danger }}
      confirmLoading={loading}
      onOk={() => valid && onConfirm(text.trim())}
      onCancel={onCancel}
      className="description-dialog"
    >
      {intro && <Typography.Paragraph>{intro}</Typography.Paragraph>}
      {extra}
      {describe && (
      <Form layout="vertical" component="div">
        <Form.Item
          label={label}
          required={required}
          validateStatus={help ? 'error' : undefined}
          help={help}
          // the character counter sits under the box: room for it above the dialog's buttons
          style={{ marginBottom: 28 }}
        >
          <Input.TextArea
            aria-label={label}
            value={text}
            rows={4}
            count={{ show: true, max: DESCRIPTION_MAX }}
            placeholder={required ? 'Why? (required)' : 'Add a note (optional)'}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Form.Item>
      </Form>
      )}
      {after}
    </Modal>
  );
}
