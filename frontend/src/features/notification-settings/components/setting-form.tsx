import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/dialogs';
import { FormActions } from '@/components/form-page';
import { StaleAlert } from '@/components/stale-alert';
import { formMessages, isStale } from '@/lib/api/errors';
import { settingKeys } from '../api/keys';
import {
  actionOf,
  settingPeopleQueryOptions,
  settingQueryOptions,
  updateSetting,
  type Channel,
  type RecipientCode,
  type Setting,
  type SettingIn,
} from '../api/settings-api';
import { CHANNEL_LABELS, CHANNELS, fixedDaysText, NAMED_USERS } from '../lib/describe';
import { FAMILIES, type SettingFamily } from '../lib/families';
import { LeadTimeInput } from './lead-time-input';
import { TemplateEditor } from './template-editor';
import { useTemplatePreview } from './use-template-preview';
import './notification-settings.css';

interface SettingFormValues {
  channel: Channel[];
  recipientList: RecipientCode[];
  userIds: number[];
  messageTemplate: string;
  leadMinutes: number | null;
}

const valuesOf = (setting: Setting): SettingFormValues => ({
  channel: setting.channel,
  recipientList: setting.recipientList,
  userIds: setting.users.map((u) => u.id),
  messageTemplate: setting.messageTemplate,
  leadMinutes: setting.leadMinutes,
});

/** What Save sends: named users only with 'Named users' chosen, a lead time only for an action that has one, and
 *  the version the form opened (`setting`: a save over someone else's newer one is refused). */
function bodyOf(setting: Setting, values: SettingFormValues): SettingIn {
  const recipientList = values.recipientList ?? [];
  return {
    channel: values.channel ?? [],
    recipientList,
    userIds: recipientList.includes(NAMED_USERS) ? (values.userIds ?? []) : [],
    messageTemplate: values.messageTemplate ?? '',
    leadMinutes: setting.hasLeadTime ? (values.leadMinutes ?? null) : null,
    version: setting.version,
  };
}

/** Two bodies ask for the same setting (the order of choices aside). */
function sameBody(a: SettingIn, b: SettingIn): boolean {
  const set = (values: readonly (string | number)[] | undefined) => JSON.stringify([...(values ?? [])].sort());
  return (
    set(a.channel) === set(b.channel) &&
    set(a.recipientList) === set(b.recipientList) &&
    set(a.userIds) === set(b.userIds) &&
    a.messageTemplate === b.messageTemplate &&
    a.leadMinutes === b.leadMinutes
  );
}

interface SettingFormProps {
  family: SettingFamily;
  /** The setting as loaded: the form starts from it, Save compares with it and sends its version back. */
  setting: Setting;
  canEdit: boolean;
}

/** A setting's channels, recipients, lead time and message template; Save sends it whole. */
export function SettingForm({ family, setting: loaded, canEdit }: SettingFormProps) {
  const info = FAMILIES[family];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingFormValues>();
  // the setting as this form opened it (a refetch meanwhile changes nothing typed here), until Reload
  const [setting, setSetting] = useState(loaded);
  const initial = useMemo(() => valuesOf(setting), [setting]);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [stale, setStale] = useState<unknown>(null);
  const [reloading, setReloading] = useState(false);

  const watched = Form.useWatch([], form) as SettingFormValues | undefined;
  const values = watched ?? initial;
  const body = bodyOf(setting, values);
  const changed = !sameBody(body, bodyOf(setting, initial));
  const preview = useTemplatePreview(family, actionOf(setting), body.messageTemplate);
  const namedUsers = body.recipientList.includes(NAMED_USERS);

  const people = useQuery({ ...settingPeopleQueryOptions(family), enabled: canEdit && namedUsers });
  // The people already named show by name even before the list comes (or when one is no longer active).
  const peopleOptions = useMemo(() => {
    const known = new Map(setting.users.map((u) => [u.id, u.fullname]));
    for (const p of people.data ?? []) known.set(p.id, p.fullname);
    return [...known].map(([value, label]) => ({ value, label }));
  }, [people.data, setting.users]);

  const save = async () => {
    setRefusal(null);
    setSaving(true);
    try {
      // the values as they are now (what was rendered may be a change behind)
      const sent = bodyOf(setting, form.getFieldsValue(true) as SettingFormValues);
      const saved = await updateSetting(family, setting.id, sent);
      queryClient.setQueryData(settingKeys.detail(family, setting.id), saved);
      await queryClient.invalidateQueries({ queryKey: settingKeys.list(family) });
      toast.success(info.saved);
      navigate(info.listPath);
    } catch (error) {
      if (isStale(error)) setStale(error);
      else setRefusal(formMessages(error, 'The setting could not be saved.'));
      setSaving(false);
    }
  };

  // someone else saved it meanwhile: their version comes, and the form starts again from it
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...settingQueryOptions(family, setting.id), staleTime: 0 });
      setSetting(fresh);
      form.resetFields();
      form.setFieldsValue(valuesOf(fresh));
      setStale(null);
    } catch (error) {
      setRefusal(formMessages(error, 'The setting could not be loaded.'));
    } finally {
      setReloading(false);
    }
  };

  return (
    <Form<SettingFormValues> form={form} layout="vertical" initialValues={initial} disabled={!canEdit || saving}>
      <Form.Item name="channel" label="Channels" className="setting-form__section">
        <Checkbox.Group options={CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))} />
      </Form.Item>
      {body.channel.length === 0 && (
        <Alert type="info" showIcon className="setting-form__off" title="Nothing is sent for this action." />
      )}

      <Form.Item name="recipientList" label="Recipients" className="setting-form__section">
        <Checkbox.Group
          className="setting-form__recipients"
          options={setting.recipientOptions.map((o) => ({ value: o.code, label: o.label }))}
        />
      </Form.Item>
      {namedUsers && (
        <Form.Item name="userIds" label="Named users" className="setting-form__users">
          <Select<number[]>
            aria-label="Named users"
            mode="multiple"
            allowClear
            placeholder="Search people by name"
            loading={people.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            options={peopleOptions}
          />
        </Form.Item>
      )}

      {setting.leadMinutesRange && (
        <Form.Item name="leadMinutes" label="Lead time" className="setting-form__section">
          <LeadTimeInput range={setting.leadMinutesRange} disabled={!canEdit || saving} />
        </Form.Item>
      )}
      {setting.fixedDays.length > 0 && (
        <Form.Item label="When" className="setting-form__section">
          <Typography.Text>
            Sent when an ongoing lead reaches {fixedDaysText(setting.fixedDays)} days without contact (the card
            badges), once each.
          </Typography.Text>
        </Form.Item>
      )}

      <TemplateEditor form={form} setting={setting} preview={preview} readOnly={!canEdit} />

      {refusal && (
        <Alert
          type="error"
          showIcon
          className="form-alert setting-form__refusal"
          title="The setting was not saved."
          description={
            <ul className="setting-messages">
              {refusal.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
        />
      )}
      {stale != null && <StaleAlert error={stale} reloading={reloading} onReload={() => void reload()} />}
      <FormActions>
        <Button disabled={false} onClick={() => navigate(info.listPath)}>
          {canEdit ? 'Cancel' : 'Back'}
        </Button>
        {canEdit && (
          <Button
            type="primary"
            loading={saving}
            disabled={!changed || Boolean(preview.refused)}
            onClick={() => void save()}
          >
            Save
          </Button>
        )}
      </FormActions>
    </Form>
  );
}
