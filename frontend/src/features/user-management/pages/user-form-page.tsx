import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Divider, Form, Input, Radio, Result, Row, Select, Skeleton, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/components/dialogs';
import { FormPage, RecordFormActions, systemCrumbs, useRecordForm } from '@/components/form-page';
import { PasswordFields } from '@/components/password-fields';
import { PhoneInput } from '@/components/phone-input';
import { StaleAlert } from '@/components/stale-alert';
import { errorMessage, isApiError, isStale } from '@/lib/api/errors';
import { DATE_FORMAT_SHORT } from '@/lib/format';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { usePageAccess, useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  createUser,
  GENDER_OPTIONS,
  leadersQueryOptions,
  rolesQueryOptions,
  updateUser,
  userQueryOptions,
  type UserIn,
  type UserRow,
} from '../api/user-management-api';
import { AccountActions } from '../components/account-actions';
import { ActiveSwitch } from '../components/active-switch';
import { UserPersonalData } from '../components/user-personal-data';
import { FormErrors } from '@/components/form-errors';
import { USERS_LIST_PATH, USERS_PAGE } from './user-list-page';

export type UserFormMode = 'add' | 'edit';
export type PasswordMode = 'password' | 'mail';

/** What the user form holds. */
export interface UserForm {
  username: string;
  fullname: string;
  nickname?: string;
  roleId?: number;
  leaderId?: number | null;
  email?: string;
  phoneNumber?: string;
  gender?: string | null;
  dob?: Dayjs | null;
  isActive: boolean;
  passwordSignIn: boolean;
  passwordMode: PasswordMode;
  newPassword?: string;
  confirmationNewPassword?: string;
}

export const USER_MESSAGES = {
  username: 'Please enter username',
  fullname: 'Please enter full name',
  role: 'Please choose role',
  email: 'Please enter a valid e-mail address',
  mailNeedsEmail: 'An e-mail address is needed to send the password mail.',
  dob: 'Date of birth cannot be in the future.',
} as const;

export const savedText = (username: string) => `User '${username}' has been saved.`;

const required = (message: string) => [{ required: true, whitespace: true, message }];
const text = (value: string | undefined) => value?.trim() || null;

function formValues(user: UserRow): Partial<UserForm> {
  return {
    username: user.username,
    fullname: user.fullname,
    nickname: user.nickname ?? undefined,
    roleId: user.roleId,
    leaderId: user.leaderId,
    email: user.email ?? undefined,
    phoneNumber: user.phoneNumber ?? undefined,
    gender: user.gender,
    dob: user.dob ? dayjs(user.dob) : null,
    isActive: user.isActive,
    passwordSignIn: user.passwordSignIn,
  };
}

/** What Save sends; an edit sends back the version the form opened (`version`: a newer one is refused, 409). */
function toBody(values: UserForm, mode: UserFormMode, version?: number): UserIn {
  const mail = mode === 'add' && values.passwordMode === 'mail';
  return {
    ...(mode === 'edit' ? { version } : {}),
    username: values.username.trim(),
    fullname: values.fullname.trim(),
    nickname: text(values.nickname),
    roleId: values.roleId ?? null,
    leaderId: values.leaderId ?? null,
    email: text(values.email),
    phoneNumber: text(values.phoneNumber),
    gender: values.gender ?? null,
    dob: values.dob ? values.dob.format('YYYY-MM-DD') : null,
    isActive: mode === 'add' ? true : values.isActive,
    passwordSignIn: values.passwordSignIn ?? true,
    ...(mode === 'add' && !mail
      ? { password: values.newPassword ?? null, confirmPassword: values.confirmationNewPassword ?? null }
      : {}),
    sendPasswordMail: mail,
    ...(mail ? { redirectBaseUrl: window.location.origin } : {}),
  };
}

/** The server's answer to a change of an erased user (api/users/erasure.py), shown before any try. */
export const ERASED_ACCOUNT =
  "This user's data was erased: the account is kept only for its records and cannot be edited or activated.";

/** /system/user-management/add and /:userId: one form to add or edit a user (read only without edit access). */
export function UserFormPage({ mode }: { mode: UserFormMode }) {
  const { userId: param } = useParams();
  const userId = mode === 'add' ? undefined : Number(param);
  const access = usePageAccess(USERS_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserForm>();
  const [stale, setStale] = useState<unknown>(null);
  const [leaderSearch, setLeaderSearch] = useState('');
  // the server refuses one's own role change and deactivation: this screen would go with them
  const me = useSession().user?.id;
  const self = mode === 'edit' && me === userId;
  const canAdd = mode === 'add' && access.isWrite;

  const detail = useQuery({ ...userQueryOptions(userId ?? NaN), enabled: userId !== undefined && Number.isFinite(userId) });
  // an erased user's record is kept for its id only: the server refuses every change to it
  const erased = detail.data?.erased === true;
  const readOnly = mode === 'edit' && (!access.isEdit || erased);
  const roles = useQuery(rolesQueryOptions());
  const leaders = useQuery({ ...leadersQueryOptions(useDebouncedValue(leaderSearch.trim(), 300)), enabled: !readOnly });
  const passwordMode = Form.useWatch('passwordMode', form);
  const fullname = Form.useWatch('fullname', form);

  const roleOptions = useMemo(() => roles.data?.map((r) => ({ value: r.id, label: r.description })) ?? [], [roles.data]);
  const leaderOptions = useMemo(() => {
    const options = (leaders.data?.data ?? [])
      .filter((u) => u.id !== userId) // not their own leader
      .map((u) => ({ value: u.id, label: u.fullname }));
    // the current leader stays shown, even when not among the first page of matches
    const current = detail.data;
    if (current?.leaderId && current.leaderName && !options.some((o) => o.value === current.leaderId)) {
      options.unshift({ value: current.leaderId, label: current.leaderName });
    }
    return options;
  }, [leaders.data, userId, detail.data]);

  // an edit sends back the version the form was filled from (a refetch changes nothing)
  const record = useRecordForm<UserRow, UserForm, UserIn>({
    form,
    record: detail.data,
    toValues: formValues,
    backTo: USERS_LIST_PATH,
    toBody: (checked, filled) => toBody(checked, mode, filled?.version),
    send: (body) => (mode === 'add' ? createUser(body) : updateUser(userId as number, body)),
    failedText: (body) => (mode === 'add' ? `Failed to add '${body.username ?? ''}'.` : `Failed to update '${body.username ?? ''}'.`),
    savedText: (body) => savedText(body.username ?? ''),
    refresh: () =>
      invalidateDomains(queryClient, queryDomains.userManagement, queryDomains.users, queryDomains.masterData),
    refusal: (error, body) => {
      // the user was saved, only the mail could not be started: say so and go on
      if (mode === 'add' && body.sendPasswordMail && isApiError(error) && error.status === 503) {
        toast.warning(savedText(body.username ?? ''), errorMessage(error));
        return 'saved';
      }
      if (isStale(error)) {
        setStale(error); // said once, with Reload
        return 'shown';
      }
      return undefined;
    },
  });

  // someone else saved the user meanwhile: their version comes, and the form starts again from it
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...userQueryOptions(userId as number), staleTime: 0 });
    record.refill(fresh);
    setStale(null);
  };

  const name = detail.data?.fullname ?? '';
  const title = mode === 'add' ? 'Add User' : readOnly ? 'User' : 'Edit User';
  const failedToLoad = mode === 'edit' && (detail.isError || !Number.isFinite(userId));

  return (
    <FormPage
      breadcrumb={systemCrumbs('User Management', USERS_LIST_PATH, mode === 'add' ? 'Add' : name || 'User')}
      title={title}
      subtitle={
        mode === 'add'
          ? 'Someone new who signs in to the CRM.'
          : detail.data
            ? `${detail.data.fullname} (${detail.data.username})`
            : undefined
      }
    >
      {failedToLoad ? (
        <Result
          status="warning"
          title="Error loading data"
          subTitle={detail.error ? errorMessage(detail.error) : undefined}
          extra={<Button onClick={() => navigate(USERS_LIST_PATH)}>Back to User Management</Button>}
        />
      ) : mode === 'edit' && detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : mode === 'add' && !canAdd ? (
        <Alert type="info" showIcon title="You do not have access to add users." />
      ) : (
        <Form<UserForm>
          form={form}
          layout="vertical"
          disabled={readOnly}
          initialValues={{ isActive: true, passwordSignIn: true, passwordMode: 'password' }}
          validateTrigger={['onChange', 'onBlur']}
          onValuesChange={record.clearError}
        >
          {record.error && <FormErrors title={record.error.title} messages={record.error.messages} />}
          {stale != null && <StaleAlert error={stale} onReload={() => void reload()} />}
          {erased && <Alert type="info" showIcon className="form-alert" title={ERASED_ACCOUNT} />}
          {readOnly && !erased && (
            <Alert type="info" showIcon className="form-alert" title="You can view this user but not change them." />
          )}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="username" label="Username" rules={required(USER_MESSAGES.username)}>
                <Input placeholder="e.g. sari.dewi" maxLength={60} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="fullname" label="Full Name" rules={required(USER_MESSAGES.fullname)}>
                <Input placeholder="Full name" maxLength={120} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="nickname" label="Nickname">
                <Input placeholder="What colleagues call them" maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="roleId"
                label="Role"
                rules={[{ required: true, message: USER_MESSAGES.role }]}
                extra={self ? 'Your own role is changed by another administrator.' : undefined}
              >
                <Select placeholder="Choose role" loading={roles.isPending} options={roleOptions} disabled={self} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="leaderId" label="Leader">
                <Select
                  placeholder="Search an active user"
                  allowClear
                  showSearch={{ filterOption: false, onSearch: setLeaderSearch }}
                  loading={leaders.isFetching}
                  options={leaderOptions}
                  onChange={() => setLeaderSearch('')}
                  notFoundContent={leaders.isFetching ? 'Searching…' : 'No active user found'}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label="E-mail"
                dependencies={['passwordMode']}
                rules={[
                  { type: 'email', message: USER_MESSAGES.email },
                  ...(mode === 'add' && passwordMode === 'mail'
                    ? [{ required: true, whitespace: true, message: USER_MESSAGES.mailNeedsEmail }]
                    : []),
                ]}
              >
                <Input placeholder="name@company.co.id" maxLength={160} inputMode="email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="phoneNumber" label="Phone">
                <PhoneInput placeholder="62812..." maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="gender" label="Gender">
                <Select placeholder="Choose" allowClear options={GENDER_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="dob"
                label="Date of Birth"
                rules={[
                  {
                    validator: (_rule, value: Dayjs | null | undefined) =>
                      value && value.isAfter(dayjs(), 'day') ? Promise.reject(new Error(USER_MESSAGES.dob)) : Promise.resolve(),
                  },
                ]}
              >
                <DatePicker
                  format={DATE_FORMAT_SHORT}
                  placeholder="Choose date"
                  style={{ width: '100%' }}
                  disabledDate={(day) => day.isAfter(dayjs(), 'day')}
                />
              </Form.Item>
            </Col>
            {mode === 'edit' && (
              <Col xs={24} md={12}>
                <Form.Item
                  name="isActive"
                  label="Status"
                  extra={
                    self
                      ? 'You cannot deactivate your own account.'
                      : 'An inactive user cannot sign in; their leads stay as they are.'
                  }
                >
                  <ActiveSwitch name={fullname || name} disabled={self} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item
                name="passwordSignIn"
                label="Password sign-in"
                valuePropName="checked"
                extra="Off: this user signs in only with the organisation's sign-in provider."
              >
                <Switch aria-label="Password sign-in" checkedChildren="Allowed" unCheckedChildren="Off" />
              </Form.Item>
            </Col>
          </Row>
          {mode === 'add' && (
            <>
              <Divider titlePlacement="start" className="user-form__divider">
                Password
              </Divider>
              <Form.Item name="passwordMode" label="How the user gets a password">
                <Radio.Group
                  options={[
                    { value: 'password', label: 'Set a password now' },
                    { value: 'mail', label: 'Send a password mail' },
                  ]}
                />
              </Form.Item>
              {passwordMode === 'mail' ? (
                <Alert
                  type="info"
                  showIcon
                  className="form-alert"
                  title="The user is mailed a link to set their own password."
                />
              ) : (
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <PasswordFields form={form} newLabel="Password" confirmLabel="Confirm Password" />
                  </Col>
                </Row>
              )}
            </>
          )}
          {mode === 'edit' && !readOnly && detail.data && (
            <>
              <Divider className="user-form__divider" />
              <AccountActions user={detail.data} basePath={USERS_LIST_PATH} />
            </>
          )}
          <RecordFormActions record={record} readOnly={readOnly} />
        </Form>
      )}
      {mode === 'edit' && detail.data && userId !== undefined && (
        <>
          <Divider className="user-form__divider" />
          <UserPersonalData userId={userId} onErased={() => void reload()} />
        </>
      )}
    </FormPage>
  );
}

export const UserAddPage = () => <UserFormPage mode="add" />;
export const UserEditPage = () => <UserFormPage mode="edit" />;
