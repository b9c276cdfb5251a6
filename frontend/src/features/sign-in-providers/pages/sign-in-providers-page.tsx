import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Grid, Input, InputNumber, Modal, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { DataTable, RefreshButton } from '@/components/data-table';
import { confirmRemove, toast } from '@/components/dialogs';
import { FormErrors } from '@/components/form-errors';
import { ListPage } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { formMessages } from '@/lib/api/errors';
import { usePageAccess } from '@/lib/session';
import {
  deleteRoleMapping,
  roleMappingsQueryOptions,
  saveRoleMapping,
  SIGN_IN_PROVIDERS_PAGE,
  signInProviderKeys,
  type ProviderInfo,
  type RoleMapping,
} from '../api/sign-in-providers-api';

export const MAPPING_MESSAGES = {
  provider: 'Please choose the provider.',
  value: 'Please enter the group or role value.',
  role: 'Please choose the role.',
} as const;
const NOT_SAVED = 'The mapping could not be saved.';

interface MappingForm {
  provider?: string;
  claimValue: string;
  roleId?: number;
  priority: number;
}

interface Choices {
  providers: ProviderInfo[];
  roles: { id: number; description: string }[];
}

/** Add or edit one mapping in a dialog; the server's refusals (a value mapped already) show above the fields. */
function MappingDialog({ mapping, choices, onClose }: { mapping: RoleMapping | null; choices: Choices; onClose: () => void }) {
  const [form] = Form.useForm<MappingForm>();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const mappable = choices.providers.filter((p) => p.rolesClaim);
  const save = useMutation({
    mutationFn: (values: MappingForm) =>
      saveRoleMapping(mapping?.id ?? null, {
        provider: values.provider ?? '',
        claimValue: values.claimValue.trim(),
        roleId: values.roleId ?? 0,
        priority: values.priority,
      }),
    onSuccess: async (saved) => {
      toast.success(`'${saved.claimValue}' now gives ${saved.roleDescription}.`);
      await queryClient.invalidateQueries({ queryKey: signInProviderKeys.all });
      onClose();
    },
    onError: (error) => setErrors(formMessages(error, NOT_SAVED)),
  });
  return (
    <Modal
      open
      title={mapping ? 'Edit Role Mapping' : 'Add Role Mapping'}
      okText={mapping ? 'Save' : 'Add'}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {errors.length > 0 && <FormErrors title={NOT_SAVED} messages={errors} />}
      <Form<MappingForm>
        form={form}
        layout="vertical"
        initialValues={{
          provider: mapping?.provider ?? (mappable.length === 1 ? mappable[0].key : undefined),
          claimValue: mapping?.claimValue ?? '',
          roleId: mapping?.roleId,
          priority: mapping?.priority ?? 100,
        }}
        onFinish={(values) => {
          setErrors([]);
          save.mutate(values);
        }}
      >
        <Form.Item name="provider" label="Provider" rules={[{ required: true, message: MAPPING_MESSAGES.provider }]}>
          <Select aria-label="Provider" options={mappable.map((p) => ({ value: p.key, label: p.label }))} />
        </Form.Item>
        <Form.Item
          name="claimValue"
          label="Group or role at the provider"
          rules={[{ required: true, whitespace: true, message: MAPPING_MESSAGES.value }]}
        >
          <Input aria-label="Group or role at the provider" maxLength={255} placeholder="e.g. crm-team-leaders" />
        </Form.Item>
        <Form.Item name="roleId" label="Role in the CRM" rules={[{ required: true, message: MAPPING_MESSAGES.role }]}>
          <Select aria-label="Role in the CRM" options={choices.roles.map((r) => ({ value: r.id, label: r.description }))} />
        </Form.Item>
        <Form.Item
          name="priority"
          label="Priority"
          extra="A person in several mapped groups gets the role of the lowest priority."
          style={{ marginBottom: 0 }}
        >
          <InputNumber aria-label="Priority" min={0} max={10000} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ProviderCard({ provider }: { provider: ProviderInfo }) {
  return (
    <Card size="small" title={provider.label} extra={<Tag>{provider.key}</Tag>}>
      <Descriptions size="small" column={1} colon={false}>
        <Descriptions.Item label="Issuer">
          <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
            {provider.issuer}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Groups claim">{provider.rolesClaim ?? 'None: roles stay the CRM\u2019s'}</Descriptions.Item>
        <Descriptions.Item label="People without an account">
          {provider.provisioning === 'inactive' ? 'Get an inactive account to activate' : 'Are refused'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** /system/sign-in-providers: the OpenID providers people sign in with (from the settings) and the CRM role each
 * of their groups or roles gives at sign-in (administrators edit these; every change is in the audit log). */
export function SignInProvidersPage() {
  const access = usePageAccess(SIGN_IN_PROVIDERS_PAGE);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ mapping: RoleMapping | null } | null>(null);
  const list = useQuery({ ...roleMappingsQueryOptions(), enabled: access.isRead });
  const refresh = () => queryClient.invalidateQueries({ queryKey: signInProviderKeys.all });
  const compact = Grid.useBreakpoint().md === false;
  const providers = list.data?.providers ?? [];
  const labels = Object.fromEntries(providers.map((p) => [p.key, p.label]));

  const remove = (mapping: RoleMapping) =>
    confirmRemove({
      title: 'Remove Role Mapping',
      name: mapping.claimValue,
      note: 'People keep the role they have; their next sign-in no longer changes it.',
      remove: () => deleteRoleMapping(mapping.id),
      onDone: refresh,
    });

  const columns: ColumnsType<RoleMapping> = [
    ...(compact
      ? []
      : [{ title: 'Provider', dataIndex: 'provider', key: 'provider', render: (key: string) => labels[key] ?? key }]),
    { title: 'Group or role', dataIndex: 'claimValue', key: 'claimValue', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: 'Role in the CRM', dataIndex: 'roleDescription', key: 'role' },
    { title: 'Priority', dataIndex: 'priority', key: 'priority', width: compact ? 72 : 100 },
    ...(access.isEdit || access.isDelete
      ? [
          {
            title: '',
            key: 'actions',
            width: compact ? 84 : 100,
            render: (_: unknown, row: RoleMapping) => (
              <Flex gap={4} justify="flex-end">
                {access.isEdit && (
                  <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${row.claimValue}`} onClick={() => setEditing({ mapping: row })} />
                )}
                {access.isDelete && (
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${row.claimValue}`} onClick={() => void remove(row)} />
                )}
              </Flex>
            ),
          },
        ]
      : []),
  ];
  const mappable = providers.some((p) => p.rolesClaim);

  return (
    <ListPage
      breadcrumb={systemCrumbs('Sign-in Providers')}
      title="Sign-in Providers"
      subtitle="The organisation's sign-in services people use, and the CRM role each of their groups gives when they sign in. Without a mapping, roles stay as set in User Management."
      action={
        access.isWrite &&
        mappable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mapping: null })}>
            Add Mapping
          </Button>
        )
      }
      canRead={access.isRead}
      noAccessText="You do not have access to view the sign-in providers."
      error={list.error}
    >
      {list.data && providers.length === 0 && (
        <Alert type="info" showIcon className="form-alert" title="No sign-in provider is configured: people sign in with their password. Providers are set in the server's settings (OIDC_PROVIDERS)." />
      )}
      {providers.length > 0 && (
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          {providers.map((p) => (
            <div key={p.key} style={{ flex: '1 1 320px', maxWidth: compact ? '100%' : 480 }}>
              <ProviderCard provider={p} />
            </div>
          ))}
        </Flex>
      )}
      <DataTable<RoleMapping>
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        dataSource={list.data?.mappings}
        loading={list.isFetching}
        toolbar={
          <Flex justify="space-between" align="center" style={{ width: '100%' }}>
            <Typography.Text strong>Role mappings</Typography.Text>
            <RefreshButton onRefresh={refresh} />
          </Flex>
        }
      />
      {editing && list.data && (
        <MappingDialog mapping={editing.mapping} choices={list.data} onClose={() => setEditing(null)} />
      )}
    </ListPage>
  );
}
