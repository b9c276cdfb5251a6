import { Alert, Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { cleanPerson, ContactFields, type ContactForm } from '@/components/contact-fields';

/** A personnel entry of the wizard; `key` tells unsaved entries apart. */
export interface PersonnelItem extends ContactForm {
  key: string;
}

interface Props {
  open: boolean;
  /** The entry being edited, or null to add one. */
  item: PersonnelItem | null;
  /** Resolves to a refusal message (a duplicate), or null when the entry may be kept. */
  check: (values: ContactForm, item: PersonnelItem | null) => Promise<string | null>;
  onSave: (values: ContactForm) => void;
  onClose: () => void;
}

/** Adds or edits one of the client's personnel; the 'personel' messages of spec §5. */
export function PersonnelModal({ open, item, check, onSave, onClose }: Props) {
  const [form] = Form.useForm<ContactForm>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    form.resetFields();
    if (item) form.setFieldsValue(item);
  }, [open, item, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const cleaned: ContactForm = {
      ...(item?.id !== undefined ? { id: item.id } : {}),
      ...cleanPerson(values),
    };
    setChecking(true);
    try {
      const message = await check(cleaned, item);
      if (message) {
        setRefusal(message);
        return;
      }
      onSave(cleaned);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      open={open}
      title={item ? 'Edit Personnel' : 'Add Personnel'}
      okText={item ? 'Save' : 'Add'}
      onOk={() => void save()}
      confirmLoading={checking}
      onCancel={onClose}
      width={720}
      forceRender
    >
      {refusal && <Alert type="error" showIcon title={refusal} className="form-alert" />}
      <Form form={form} layout="vertical" requiredMark onValuesChange={() => setRefusal(null)}>
        <ContactFields form={form} variant="personel" />
      </Form>
    </Modal>
  );
}
