import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { toast } from '@/components/dialogs';
import { FormActions } from '@/components/form-page';
import { formMessages } from '@/lib/api/errors';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { sessionQueryKey } from '@/lib/session';
import { DASHBOARD_OPTIONS, saveRole, type RoleIn, type RolePageAccess, type RoleRow } from '../api/access-admin-api';
import { FormErrors } from '@/components/form-errors';

interface RoleForm {
  roleName: string;
  roleDescription: string;
  dashboardComponent?: RoleIn['dashboardComponent'];
  hierarchyWhitelist: boolean;
  requireSecondFactor: boolean;
}

export const ROLE_MESSAGES = {
  name: 'Please enter role name',
  description: 'Please enter role description',
  nameHint: 'Capital letters, digits and underscores, starting with a letter (e.g. KEY_ACCOUNT).',
  nameFixed: "A role's name cannot change: the access rules are written against it. Change its description instead.",
  whitelist: "On: people with this role see every lead, not just their team's.",
  secondFactor:
    'On: people with this role confirm every password sign-in with a code from an authenticator app; those without one set it up at their next sign-in.',
} as const;

export const roleSavedText = (description: string, added: boolean) =>
  added ? `Role '${description}' has been added.` : `Role '${description}' has been saved.`;

const required = (message: string) => [{ required: true, whitespace: true, message }];

export interface RoleDetailsFormProps {
  /** The role edited, or none to add one. */
  role?: RoleRow;
  readOnly?: boolean;
  onSaved: (saved: RolePageAccess) => void;
  onCancel?: () => void;
}

/** A role's name (fixed once added), description, dashboard, hierarchy whitelist and whether its users need a second
 * factor; saved with POST /menu-access. */
export function RoleDetailsForm({ role, readOnly = false, onSaved, onCancel }: RoleDetailsFormProps) {
  const [form] = Form.useForm<RoleForm>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<{ title: string; messages: string[] } | null>(null);
  const adding = role === undefined;

  const finish = async (values: RoleForm) => {
    setFailed(null);
    const description = values.roleDescription.trim();
    const body: RoleIn = {
      ...(adding ? {} : { id: role.id }),
      roleName: adding ? values.roleName.trim() : role.roleName,
      roleDescription: description,
      dashboardComponent: values.dashboardComponent ?? null,
      hierarchyWhitelist: values.hierarchyWhitelist,
      requireSecondFactor: values.requireSecondFactor,
    };
    setSaving(true);
    try {
      const saved = await saveRole(body);
      // the user form's role list, the audit log and one's own session (a dashboard, a whitelist) change with it
      await Promise.all([
        invalidateDomains(queryClient, queryDomains.accessAdmin, queryDomains.userManagement, queryDomains.audit),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
      toast.success(roleSavedText(saved.role.roleDescription, adding));
      onSaved(saved);
    } catch (error) {
      const title = adding ? `Failed to add '${description}'.` : `Failed to update '${description}'.`;
      setFailed({ title, messages: formMessages(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<RoleForm>
      form={form}
      layout="vertical"
      disabled={readOnly}
      className="role-form"
      initialValues={{
        roleName: role?.roleName ?? '',
        roleDescription: role?.roleDescription ?? '',
        dashboardComponent: (role?.dashboardComponent as RoleIn['dashboardComponent']) ?? undefined,
        hierarchyWhitelist: role?.hierarchyWhitelist ?? false,
        requireSecondFactor: role?.requireSecondFactor ?? false,
      }}
      onValuesChange={() => setFailed(null)}
      onFinish={(values) => void finish(values)}
    >
      {failed && <FormErrors title={failed.title} messages={failed.messages} />}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="roleName"
            label="Role name"
            rules={adding ? required(ROLE_MESSAGES.name) : []}
            normalize={(value: string) => value.toUpperCase()}
            extra={adding ? ROLE_MESSAGES.nameHint : ROLE_MESSAGES.nameFixed}
          >
            <Input placeholder="e.g. KEY_ACCOUNT" maxLength={50} disabled={!adding} autoComplete="off" className="role-form__name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="roleDescription" label="Description" rules={required(ROLE_MESSAGES.description)}>
            <Input placeholder="e.g. Key Account Manager" maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="dashboardComponent" label="Dashboard" extra="The dashboard people with this role open on.">
            <Select placeholder="None" allowClear options={DASHBOARD_OPTIONS} aria-label="Dashboard" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="hierarchyWhitelist" label="Hierarchy whitelist" valuePropName="checked" extra={ROLE_MESSAGES.whitelist}>
            <Switch aria-label="Hierarchy whitelist" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="requireSecondFactor" valuePropName="checked" extra={ROLE_MESSAGES.secondFactor}>
            <Checkbox>Require a second factor</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      {!readOnly && (
        <FormActions>
          {onCancel && (
            <Button onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={saving}>
            {adding ? 'Add Role' : 'Save details'}
          </Button>
        </FormActions>
      )}
    </Form>
  );
}
