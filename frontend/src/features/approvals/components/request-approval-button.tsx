import { DownOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Form, Select } from 'antd';
import type { ButtonProps, MenuProps } from 'antd';
import { useState } from 'react';
import { toast } from '@/components/dialogs';
import { leadKeys } from '@/features/leads/api/leads-api';
import { approvalKeys, requestLeadApproval, stageOptionsQueryOptions } from '../api/approvals-api';
import type { LeadRequestType } from '../api/types';
import { serverMessages, OOPS } from '../lib/errors';
import { DescriptionDialog } from './description-dialog';

interface RequestKind {
  type: LeadRequestType;
  menu: string;
  title: string;
  /** Holding and dropping need a description (spec 2 §2.5, §5). */
  required: boolean;
  danger?: boolean;
}

export const REQUEST_KINDS: RequestKind[] = [
  { type: 'CHANGE_LEAD_STAGE', menu: 'Request stage change', title: 'Request Stage Change', required: false },
  { type: 'HOLD_LEAD', menu: 'Hold', title: 'Hold Lead', required: true },
  { type: 'DROP_LEAD', menu: 'Drop', title: 'Drop Lead', required: true, danger: true },
  { type: 'CLOSE_LEAD', menu: 'Close', title: 'Close Lead', required: false },
];

export interface RequestApprovalButtonProps {
  leadId: number;
  /** The lead's current stage, left out of the stage choices. */
  currentStageId?: number | null;
  disabled?: boolean;
  size?: ButtonProps['size'];
  /** Called after a request was sent. */
  onRequested?: () => void;
}

/** A lead page's menu to ask for a stage change, hold, drop or close; each goes to the approvers. */
export function RequestApprovalButton({ leadId, currentStageId, disabled, size, onRequested }: RequestApprovalButtonProps) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<RequestKind | null>(null);
  const [stageId, setStageId] = useState<number | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const stages = useQuery({ ...stageOptionsQueryOptions(), enabled: kind?.type === 'CHANGE_LEAD_STAGE' });

  const send = useMutation({
    mutationFn: ({ request, notes }: { request: RequestKind; notes: string }) =>
      requestLeadApproval(leadId, {
        requestType: request.type,
        notes: notes || null,
        ...(request.type === 'CHANGE_LEAD_STAGE' ? { targetStageId: stageId ?? null } : {}),
      }),
    onSuccess: (_result, { request }) => {
      toast.success(`The ${request.title.toLowerCase()} request has been sent for approval.`);
      setKind(null);
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      onRequested?.();
    },
    onError: (error) => {
      const messages = serverMessages(error);
      setErrors(messages.length > 0 ? messages : [OOPS]);
    },
  });

  const open = (next: RequestKind) => {
    setErrors([]);
    setStageId(undefined);
    setKind(next);
  };

  const items: MenuProps['items'] = REQUEST_KINDS.map((k) => ({
    key: k.type,
    label: k.menu,
    danger: k.danger,
    onClick: () => open(k),
  }));

  const stageChoices = (stages.data ?? [])
    .filter((s) => s.id !== currentStageId)
    .sort((a, b) => a.seqNumber - b.seqNumber)
    .map((s) => ({ value: s.id, label: `${s.stageName} ${s.stageDescription}` }));

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']} disabled={disabled}>
        <Button size={size} icon={<SendOutlined />} disabled={disabled}>
          Request approval <DownOutlined />
        </Button>
      </Dropdown>
      <DescriptionDialog
        open={kind !== null}
        title={kind?.title}
        required={kind?.required ?? false}
        danger={kind?.danger}
        okText="Confirm"
        loading={send.isPending}
        extraValid={kind?.type !== 'CHANGE_LEAD_STAGE' || stageId !== undefined}
        extra={
          <>
            {errors.length > 0 && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                title={errors.length === 1 ? errors[0] : 'The request was refused.'}
                description={errors.length > 1 ? errors.map((m) => <div key={m}>{m}</div>) : undefined}
              />
            )}
            {kind?.type === 'CHANGE_LEAD_STAGE' && (
              <Form layout="vertical" component="div">
                <Form.Item label="Target stage" required style={{ marginBottom: 12 }}>
                  <Select
                    aria-label="Target stage"
                    placeholder="Choose a stage"
                    loading={stages.isLoading}
                    value={stageId}
                    options={stageChoices}
                    onChange={setStageId}
                  />
                </Form.Item>
              </Form>
            )}
          </>
        }
        onCancel={() => setKind(null)}
        onConfirm={(notes) => kind && send.mutate({ request: kind, notes })}
      />
    </>
  );
}
