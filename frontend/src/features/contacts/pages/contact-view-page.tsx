import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Result, Skeleton, Space, Tabs } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { CallButton, formatPhone } from '@/components/call-button';
import { FormPage, systemCrumbs } from '@/components/form-page';
import { formatDateTime } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { contactQueryOptions, type Contact } from '../api/contacts-api';
import { ContactChangelog, LOAD_ERROR_TEXT, NO_INFORMATION_TEXT } from '../components/contact-changelog';
import { PersonalDataCard } from '../components/personal-data-card';
import { CONTACT_LIST_PATH, CONTACT_PAGE } from './contact-list-page';

const orDash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '-');

function Information({ contact }: { contact: Contact }) {
  return (
    <Descriptions
      bordered
      size="middle"
      column={{ xs: 1, md: 2 }}
      className="contact-details"
      items={[
        { key: 'client', label: 'Client / Company', children: orDash(contact.clientName) },
        { key: 'fullname', label: 'Full Name', children: contact.fullname },
        { key: 'nickname', label: 'Nickname', children: orDash(contact.nickname) },
        { key: 'gender', label: 'Gender', children: orDash(contact.gender) },
        { key: 'position', label: 'Position', children: orDash(contact.position) },
        { key: 'division', label: 'Division', children: orDash(contact.division) },
        {
          key: 'email',
          label: 'Email',
          children: contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '-',
        },
        {
          key: 'phone',
          label: 'Phone Number',
          children: contact.phoneNumber ? (
            <Space size={12} wrap>
              <span>{formatPhone(contact.phoneNumber)}</span>
              <CallButton contactId={contact.id} name={contact.fullname} phone={contact.phoneNumber} />
            </Space>
          ) : (
            '-'
          ),
        },
        {
          key: 'linkedin',
          label: 'LinkedIn',
          span: 'filled',
          children: contact.linkedin ? (
            <a href={contact.linkedin} target="_blank" rel="noreferrer">
              {contact.linkedin}
            </a>
          ) : (
            '-'
          ),
        },
        { key: 'user', label: 'Last Changed By', children: orDash(contact.user) },
        { key: 'updatedAt', label: 'Last Changed', children: formatDateTime(contact.updatedAt ?? contact.createdAt) },
      ]}
    />
  );
}

/** /system/contact-management/{contactId}/view: 'Information' and 'Changelog' tabs; below them, for those who may,
 * the person's data on request (its archive and erasure). */
export function ContactViewPage() {
  const { contactId: param } = useParams();
  const contactId = Number(param);
  const access = usePageAccess(CONTACT_PAGE);
  const navigate = useNavigate();
  const contact = useQuery(contactQueryOptions(contactId));

  return (
    <FormPage
      breadcrumb={systemCrumbs('Contact Management', CONTACT_LIST_PATH, contact.data?.fullname ?? 'Contact')}
      title={contact.data?.fullname ?? 'Contact'}
      subtitle={
        contact.data
          ? [contact.data.position, contact.data.clientName].filter(Boolean).join(' at ')
          : 'Contact details and their history.'
      }
      action={
        access.isEdit && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            disabled={!contact.data}
            onClick={() => navigate(`${CONTACT_LIST_PATH}/${contactId}/edit`)}
          >
            Edit Contact
          </Button>
        )
      }
      card={false}
    >
      <Flex vertical gap={16}>
        <Card variant="borderless" className="page-card">
          <Tabs
            items={[
              {
                key: 'information',
                label: 'Information',
                children: contact.isPending && Number.isFinite(contactId) ? (
                  <Skeleton active paragraph={{ rows: 6 }} />
                ) : contact.isError || !Number.isFinite(contactId) ? (
                  <Result status="warning" title={LOAD_ERROR_TEXT} />
                ) : contact.data ? (
                  <Information contact={contact.data} />
                ) : (
                  <Empty description={NO_INFORMATION_TEXT} />
                ),
              },
              {
                key: 'changelog',
                label: 'Changelog',
                children: Number.isFinite(contactId) ? (
                  <ContactChangelog contactId={contactId} />
                ) : (
                  <Empty description={NO_INFORMATION_TEXT} />
                ),
              },
            ]}
          />
        </Card>
        {contact.data && <PersonalDataCard contactId={contactId} listPath={CONTACT_LIST_PATH} />}
      </Flex>
    </FormPage>
  );
}
