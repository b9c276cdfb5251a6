import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CascadeSelect, clearBelow } from '@/components/cascade-select';
import { toast } from '@/components/dialogs';
import { DateTimeField, futureRule } from '@/components/date-time-field';
import { serverMessages } from '@/lib/api/errors';
import { fromBusinessWallTime, toBusinessWallTime } from '@/lib/format';
import { fieldErrors, useFormValid, validatedValues } from '@/lib/form';
import { picsQueryOptions } from '../api/activities-api';
import { activityKeys } from '../api/keys';
import {
  createSchedule,
  scheduleClientsQueryOptions,
  scheduleProjectsQueryOptions,
  updateSchedule,
} from '../api/schedule-api';
import type { ScheduleIn, ScheduleRow } from '../api/types';
import { ACTIVITY_TYPES, typeLabel } from '../lib/activity-types';
import { TIME_PAST } from './next-steps';

// spec 2 §5 (schedule form) and §8
export const SCHEDULE_MESSAGES = {
  activity: 'Please choose activity',
  client: 'Please choose client',
  projectName: 'Please choose project name',
  personInCharge: 'Please choose person in charge',
  dateAndTime: 'Please set the start date of this project.',
  remark: 'Please enter remark',
} as const;
export const UPDATE_FAILED = 'Failed to update Activity Schedule information.';
export const addFailed = (activity: string, client: string, project: string) =>
  `Failed to set Activity Schedule '${activity}' with ${client} on ${project} project.`;
const REMARK_MAX = 1024;
/** client → project → person in charge: another choice clears those below it. */
const CASCADE = ['client', 'projectName', 'personInCharge'] as const;

interface Values {
  activity?: number;
  client?: number;
  projectName?: number;
  personInCharge?: number;
  dateAndTime?: Dayjs;
  remark?: string;
}

export interface ScheduleFormTarget {
  /** The plan to change; none to add one. */
  row?: ScheduleRow;
  /** A new plan's day (a day chosen on the calendar), at 09:00 when that is still to come. */
  day?: string;
}

/** The schedule form in a dialog (spec 2 §3.5, §5): add, or edit one's own plan still to come. */
export function ScheduleFormModal({ target, onClose }: { target: ScheduleFormTarget | null; onClose: () => void }) {
  return target ? <ScheduleFormDialog target={target} onClose={onClose} /> : null;
}

function initialValues({ row, day }: ScheduleFormTarget): Values {
  if (row) {
    return {
      activity: row.activityType,
      client: row.clientId,
      projectName: row.leadsId,
      personInCharge: row.picId ?? undefined,
      dateAndTime: toBusinessWallTime(row.scheduleTime) ?? undefined,
      remark: row.scheduleNotes ?? '',
    };
  }
  const start = day ? dayjs(day).hour(9).minute(0).second(0).millisecond(0) : undefined;
  return { dateAndTime: start && start.isAfter(toBusinessWallTime(new Date())) ? start : undefined };
}

/** Options from a lookup, with the edited plan's own choice until the lookup answers (no bare id is shown). */
function optionsOf<T>(data: T[] | undefined, value: (t: T) => number, label: (t: T) => string,
  fallback?: { value: number; label: string }) {
  const options = (data ?? []).map((t) => ({ value: value(t), label: label(t) }));
  if (fallback && !options.some((o) => o.value === fallback.value)) options.unshift(fallback);
  return options;
}

function ScheduleFormDialog({ target, onClose }: { target: ScheduleFormTarget; onClose: () => void }) {
  const editing = target.row;
  const [form] = Form.useForm<Values>();
  const valid = useFormValid(form);
  const queryClient = useQueryClient();
  const clientId = Form.useWatch('client', form);
  const leadId = Form.useWatch('projectName', form);
  const clients = useQuery(scheduleClientsQueryOptions());
  const projects = useQuery({ ...scheduleProjectsQueryOptions(clientId ?? 0), enabled: Boolean(clientId) });
  const pics = useQuery({ ...picsQueryOptions(leadId ?? 0), enabled: Boolean(leadId) });

  const clientOptions = optionsOf(clients.data, (c) => c.clientId, (c) => c.clientName,
    editing && { value: editing.clientId, label: editing.clientName });
  const projectOptions = optionsOf(projects.data, (p) => p.leadId, (p) => p.projectName,
    editing && clientId === editing.clientId ? { value: editing.leadsId, label: editing.projectName } : undefined);
  const picOptions = optionsOf(pics.data, (p) => p.picId, (p) => p.picName,
    editing?.picId && leadId === editing.leadsId ? { value: editing.picId, label: editing.picName ?? '' } : undefined);

  const labelOf = (options: Array<{ value: number; label: string }>, value?: number) =>
    options.find((o) => o.value === value)?.label ?? '';

  const save = useMutation({
    mutationFn: (values: Values) => {
      const pair = (value: number | undefined, label: string) => (value === undefined ? null : { value, label });
      const body: ScheduleIn = {
        activity: pair(values.activity, values.activity ? typeLabel(values.activity) : ''),
        client: pair(values.client, labelOf(clientOptions, values.client)),
        projectName: pair(values.projectName, labelOf(projectOptions, values.projectName)),
        personInCharge: pair(values.personInCharge, labelOf(picOptions, values.personInCharge)),
        dateAndTime: values.dateAndTime ? fromBusinessWallTime(values.dateAndTime) : null,
        remark: values.remark?.trim() ?? null,
      };
      return editing ? updateSchedule({ ...body, id: editing.id }) : createSchedule(body);
    },
    onSuccess: async (saved) => {
      toast.success(saved.message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
    onError: (error, values) => {
      const reason = serverMessages(error).join(' ') || undefined;
      const failed = editing
        ? UPDATE_FAILED
        : addFailed(
            values.activity ? typeLabel(values.activity) : 'Activity',
            labelOf(clientOptions, values.client),
            labelOf(projectOptions, values.projectName),
          );
      toast.error(failed, reason);
      form.setFields(fieldErrors(error, Object.keys(SCHEDULE_MESSAGES)) as Parameters<typeof form.setFields>[0]);
    },
  });

  const changed = (changedValues: Values) => {
    // spec 2 §4.5: another client clears the project and the person in charge, and says they are needed;
    // another project clears the person in charge
    const cleared = clearBelow(form, CASCADE, changedValues);
    if ('client' in changedValues) void form.validateFields(cleared).catch(() => undefined);
  };

  const submit = async () => {
    const values = await validatedValues(form);
    if (values) save.mutate(values);
  };

  return (
    <Modal
      open
      title={editing ? 'Edit Activity Schedule' : 'Add Activity Schedule'}
      width={520}
      centered
      maskClosable={!save.isPending}
      onCancel={onClose}
      className="schedule-form-modal"
      footer={[
        <Button key="cancel" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>,
        <Button key="save" type="primary" disabled={!valid} loading={save.isPending} onClick={() => void submit()}>
          Save
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(target)}
        onValuesChange={changed}
        className="schedule-form"
        disabled={save.isPending}
      >
        <Form.Item name="activity" label="Activity" rules={[{ required: true, message: SCHEDULE_MESSAGES.activity }]}>
          <Select
            placeholder="Choose activity"
            options={ACTIVITY_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          />
        </Form.Item>
        <Form.Item name="client" label="Client" rules={[{ required: true, message: SCHEDULE_MESSAGES.client }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose client"
            loading={clients.isLoading}
            options={clientOptions}
            notFoundContent={clients.isLoading ? 'Loading...' : 'No client'}
          />
        </Form.Item>
        <Form.Item
          name="projectName"
          label="Project Name"
          rules={[{ required: true, message: SCHEDULE_MESSAGES.projectName }]}
        >
          <CascadeSelect
            parent={clientId}
            lookup={projects}
            options={projectOptions}
            placeholder="Choose project"
            placeholderFirst="Choose a client first"
            empty="No project"
            loadingText="Loading..."
          />
        </Form.Item>
        <Form.Item
          name="personInCharge"
          label="Person in Charge"
          rules={[{ required: true, message: SCHEDULE_MESSAGES.personInCharge }]}
        >
          <CascadeSelect
            parent={leadId}
            lookup={pics}
            options={picOptions}
            placeholder="Choose person in charge"
            placeholderFirst="Choose a project first"
            empty="No Person in Charge"
            loadingText="Loading..."
          />
        </Form.Item>
        <Form.Item
          name="dateAndTime"
          label="Date and Time"
          rules={[
            { required: true, message: SCHEDULE_MESSAGES.dateAndTime },
            futureRule(TIME_PAST),
          ]}
        >
          <DateTimeField futureOnly />
        </Form.Item>
        <Form.Item
          name="remark"
          label="Remark"
          rules={[
            { required: true, whitespace: true, message: SCHEDULE_MESSAGES.remark },
            { max: REMARK_MAX, message: `Remark cannot exceed ${REMARK_MAX} characters` },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={REMARK_MAX}
            placeholder="What is planned"
            showCount={{ formatter: ({ count }) => `${count}/${REMARK_MAX}` }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
