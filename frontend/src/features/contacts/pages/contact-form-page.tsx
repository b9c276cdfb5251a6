import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Result, Row, Select, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { cleanPerson, CONTACT_MESSAGES, ContactFields, type ContactForm } from '@/components/contact-fields';
import { toast } from '@/components/dialogs';
import { FormActions, FormPage, systemCrumbs } from '@/components/form-page';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { contactKeys } from '../api/keys';
import {
  checkContactAvailabilityInput,
  contactClientsQueryOptions,
  contactQueryOptions,
  createContact,
  updateContact,
  type Contact,
} from '../api/contacts-api';
import { CONTACT_LIST_PATH } from './contact-list-page';

export const FAILED_TO_ADD_CONTACT = 'Failed to add contact';

const filterByLabel = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '').toLowerCase().includes(input.toLowerCase());

function formValues(contact: Contact): ContactForm {
  return {
    clientId: contact.clientId,
    fullname: contact.fullname,
    nickname: contact.nickname,
    gender: contact.gender as ContactForm['gender'],
    position: contact.position,
    division: contact.division,
    email: contact.email,
    phoneNumber: contact.phoneNumber,
    linkedin: contact.linkedin,
  };
}

/** /system/contact-management/add and /{contactId}/edit. */
export function ContactFormPage() {
  const { contactId: param } = useParams();
  const contactId = param === undefined ? undefined : Number(param);
  const isNew = contactId === undefined;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContactForm>();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const loaded = useRef(false);

  const clients = useQuery(contactClientsQueryOptions());
  const detail = useQuery({ ...contactQueryOptions(contactId ?? NaN), enabled: !isNew && Number.isFinite(contactId) });
  const clientOptions = useMemo(
    () => clients.data?.map((c) => ({ value: c.id, label: c.clientName })) ?? [],
    [clients.data],
  );

  useEffect(() => {
    if (!detail.data || loaded.current) return;
    loaded.current = true;
    form.setFieldsValue(formValues(detail.data));
  }, [detail.data, form]);

  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(CONTACT_LIST_PATH));

  const save = async () => {
    setFormError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body: ContactForm = {
      ...(contactId !== undefined ? { id: contactId } : {}),
      clientId: values.clientId,
      ...cleanPerson(values),
    };
    const clientName = clientOptions.find((c) => c.value === body.clientId)?.label;
    const failedText = isNew ? `Failed to add '${body.fullname}'.` : `Failed to update '${body.fullname}' data.`;
    setSaving(true);
    try {
      try {
        await checkContactAvailabilityInput({
          ...(contactId !== undefined ? { id: contactId } : {}),
          clientId: body.clientId as number,
          ...(clientName ? { clientName } : {}),
          fullname: body.fullname,
          position: body.position,
        });
      } catch (error) {
        const message = errorMessage(error);
        setFormError(message);
        toast.error(isNew || (isApiError(error) && error.status === 409) ? FAILED_TO_ADD_CONTACT : failedText, message);
        return;
      }
      try {
        if (isNew) await createContact(body);
        else await updateContact(body);
      } catch (error) {
        const message = errorMessage(error);
        setFormError(message);
        toast.error(failedText, message);
        return;
      }
      toast.success(`'${body.fullname}' has been ${isNew ? 'added' : 'updated'} successfully.`);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      goBack();
    } finally {
      setSaving(false);
    }
  };

  const title = isNew ? 'Add Contact' : 'Edit Contact';
  const failed = !isNew && (detail.isError || !Number.isFinite(contactId));

  return (
    <FormPage
      breadcrumb={systemCrumbs('Contact Management', CONTACT_LIST_PATH, title)}
      title={title}
      subtitle="Each contact needs an email or a phone number."
    >
      {failed ? (
        <Result
          status="warning"
          title="Error loading data"
          subTitle={detail.error ? errorMessage(detail.error) : undefined}
          extra={<Button onClick={() => navigate(CONTACT_LIST_PATH)}>Back to Contact Management</Button>}
        />
      ) : !isNew && detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form<ContactForm>
          form={form}
          layout="vertical"
          validateTrigger={['onChange', 'onBlur']}
          onValuesChange={() => setFormError(null)}>
          {formError && <Alert type="error" showIcon title={formError} className="form-alert" />}
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="clientId" label="Client / Company" rules={[{ required: true, message: CONTACT_MESSAGES.client }]}>
                <Select
                  showSearch={{ filterOption: filterByLabel }}
                  placeholder="Choose client / company"
                  loading={clients.isPending}
                  options={clientOptions}
                />
              </Form.Item>
            </Col>
          </Row>
          <ContactFields form={form} variant="contact" />
          <FormActions>
            <Button onClick={goBack} disabled={saving}>
              Cancel
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {isNew ? 'Add Contact' : 'Save Changes'}
            </Button>
          </FormActions>
        </Form>
      )}
    </FormPage>
  );
}
