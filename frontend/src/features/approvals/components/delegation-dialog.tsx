import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { toast } from '@/components/dialogs';
import { FormErrors } from '@/components/form-errors';
import { formMessages } from '@/lib/api/errors';
import { delegationPeopleQueryOptions, saveDelegation } from '../api/delegations-api';
import { approvalKeys } from '../api/keys';
import type { Delegation, DelegationIn } from '../api/types';
import { LEAD_ACTION_TYPES, REQUEST_TYPE_LABELS } from '../lib/labels';
import { periodText } from '../lib/periods';

export const DELEGATE_REQUIRED = 'Please choose the delegate.';
export const PERIOD_REQUIRED = 'Please choose the first and the last day.';
export const APPROVER_REQUIRED = 'Please choose the approver.';
const ALL_TYPES = 'ALL';

type RequestTypeValue = NonNullable<DelegationIn['requestType']> | typeof ALL_TYPES;

export const REQUEST_TYPE_OPTIONS: Array<{ value: RequestTypeValue; label: string }> = [
  { value: ALL_TYPES, label: 'Every request type' },
  ...([...LEAD_ACTION_TYPES, 'PCS'] as const).map((value) => ({
    value,
    label: `${REQUEST_TYPE_LABELS[value]} only`,
  })),
];

interface Values {
  delegatorId?: number;
  delegateId?: number;
  period?: [Dayjs, Dayjs];
  requestType: RequestTypeValue;
  note?: string;
}

export interface DelegationDialogProps {
  /** The delegation to change, or null to add one. */
  delegation: Delegation | null;
  /** An administrator picks the approver; an approver sets their own. */
  chooseApprover: boolean;
  /** Who the dialog is for (never their own delegate). */
  selfId?: number;
  onClose: () => void;
}

/** Add or change a delegation: the approver (administrators), the delegate, the days, one request type or every one. */
export function DelegationDialog({ delegation, chooseApprover, selfId, onClose }: DelegationDialogProps) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const people = useQuery(delegationPeopleQueryOptions());
  const [errors, setErrors] = useState<string[]>([]);
  const delegatorId = Form.useWatch('delegatorId', form) ?? delegation?.delegatorId ?? selfId;
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveDelegation(delegation?.id ?? null, {
        ...(chooseApprover ? { delegatorId: values.delegatorId ?? null } : {}),
        delegateId: values.delegateId ?? null,
        startsOn: values.period?.[0].format('YYYY-MM-DD') ?? null,
        endsOn: values.period?.[1].format('YYYY-MM-DD') ?? null,
        requestType: values.requestType === ALL_TYPES ? null : values.requestType,
        note: values.note?.trim() || null,
      }),
    onSuccess: async (saved) => {
      const forWhom = saved.delegatorId === selfId ? 'you' : saved.delegatorName;
      toast.success(`${saved.delegateName} stands in for ${forWhom}: ${periodText(saved.startsOn, saved.endsOn)}.`);
      await queryClient.invalidateQueries({ queryKey: [...approvalKeys.all, 'delegations'] });
      onClose();
    },
    onError: (error) => setErrors(formMessages(error, 'The delegation could not be saved.')),
  });
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.fullname, title: p.roleDescription }));

  return (
    <Modal
      open
      title={delegation ? 'Change Delegation' : 'Add Delegation'}
      okText={delegation ? 'Save' : 'Add'}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {errors.length > 0 && <FormErrors title="The delegation could not be saved." messages={errors} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          delegatorId: delegation?.delegatorId,
          delegateId: delegation?.delegateId,
          period: delegation ? [dayjs(delegation.startsOn), dayjs(delegation.endsOn)] : undefined,
          requestType: (delegation?.requestType as RequestTypeValue | null) ?? ALL_TYPES,
          note: delegation?.note ?? '',
        }}
        onFinish={(values) => {
          setErrors([]);
          save.mutate(values);
        }}
      >
        {chooseApprover && (
          <Form.Item name="delegatorId" label="Approver (out of office)" rules={[{ required: true, message: APPROVER_REQUIRED }]}>
            <Select aria-label="Approver" showSearch optionFilterProp="label" placeholder="Who is away" loading={people.isLoading} options={options} />
          </Form.Item>
        )}
        <Form.Item name="delegateId" label="Delegate" rules={[{ required: true, message: DELEGATE_REQUIRED }]} extra="Decides in the approver's place while the delegation holds.">
          <Select
            aria-label="Delegate"
            showSearch
            optionFilterProp="label"
            placeholder="Who stands in"
            loading={people.isLoading}
            options={options.filter((o) => o.value !== delegatorId)}
          />
        </Form.Item>
        <Form.Item name="period" label="From – to (inclusive)" rules={[{ required: true, message: PERIOD_REQUIRED }]}>
          <DatePicker.RangePicker
            aria-label="Period"
            style={{ width: '100%' }}
            format="D MMM YYYY"
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item name="requestType" label="Requests">
          <Select<RequestTypeValue> aria-label="Request type" options={REQUEST_TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item name="note" label="Note" style={{ marginBottom: 0 }}>
          <Input.TextArea aria-label="Note" maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder="e.g. Annual leave" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
