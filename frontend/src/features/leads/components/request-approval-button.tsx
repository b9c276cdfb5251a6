import { DownOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Form, Typography } from 'antd';
import type { ButtonProps, MenuProps } from 'antd';
import { useState } from 'react';
import { DescriptionDialog } from '@/components/description-dialog';
import { toast } from '@/components/dialogs';
import { StageRequirements, StageTargetSelect, targetLabel } from '@/components/stage-target';
import { OOPS, serverMessages } from '@/lib/api/errors';
import { invalidateDomains } from '@/lib/query-domains';
import { leadKeys } from '../api/keys';
import { requestLeadApproval, stageOptionsQueryOptions, updateLead } from '../api/leads-api';
import type { LeadRequestType } from '../api/types';
import { LeadRequestRoute } from './request-route';

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
  disabled?: boolean;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  /** A stage page's button: the stage change request to this stage only, no menu. */
  stageId?: number;
  /** The text of that button. */
  label?: string;
  /** Called after a request was sent. */
  onRequested?: () => void;
  /** With `stageId`: no button, the dialog open from the start (a card dropped on a stage that needs approval);
   *  `onClose` when it closes, sent or not. */
  opened?: boolean;
  onClose?: () => void;
}

/**
 * A lead page's menu to ask for a stage change, hold, drop or close; each goes to the approvers. The stage
 * choices are the server's stage options for this lead: only allowed targets can be chosen (the others show
 * why not), the ones that need approval are marked, and the chosen stage's required fields show before Confirm.
 */
export function RequestApprovalButton({
  leadId,
  disabled,
  size,
  type,
  stageId: fixedStageId,
  label,
  onRequested,
  opened = false,
  onClose,
}: RequestApprovalButtonProps) {
  const queryClient = useQueryClient();
  const [kind, setKindState] = useState<RequestKind | null>(opened ? REQUEST_KINDS[0] : null);
  const setKind = (next: RequestKind | null) => {
    setKindState(next);
    if (next === null) onClose?.();
  };
  const [chosenStageId, setStageId] = useState<number | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const changing = kind?.type === 'CHANGE_LEAD_STAGE';
  const options = useQuery({ ...stageOptionsQueryOptions(leadId), enabled: changing });
  const stages = options.data?.stages ?? [];
  const stageId = fixedStageId ?? chosenStageId;
  const target = stages.find((s) => s.id === stageId);
  // the server's stage options say whether this move needs approval, as the server decides when asked: a move that
  // needs none is made at once (the edit call), never sent to the approvers
  const direct = changing && target !== undefined && !target.needsApproval;
  // the route of the request as chosen, before Confirm: a stage change once an allowed stage that needs approval is
  // chosen (a refused stage already says why; a move without approval goes to nobody)
  const routed = kind !== null && (!changing || (target !== undefined && Boolean(target.allowed) && target.needsApproval));

  const send = useMutation({
    mutationFn: ({ request, notes }: { request: RequestKind; notes: string }) =>
      requestLeadApproval(leadId, {
        requestType: request.type,
        notes: notes || null,
        ...(request.type === 'CHANGE_LEAD_STAGE' ? { targetStageId: stageId ?? null } : {}),
      }),
    onSuccess: (result) => {
      // the server says what went to whom: "Your request to move 'X' (Client) to E4 Proposal was sent to ..."
      toast.success(result.message);
      setKind(null);
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
      // The request joins the approvers' queue.
      void invalidateDomains(queryClient, 'approvals');
      onRequested?.();
    },
    onError: (error) => {
      const messages = serverMessages(error);
      setErrors(messages.length > 0 ? messages : [OOPS]);
    },
  });

  const move = useMutation({
    mutationFn: (to: number) => updateLead(leadId, { stageId: to }),
    onSuccess: (result) => {
      toast.success(result.message ?? (target ? `The lead moved to ${targetLabel(target)}.` : 'The lead moved.'));
      setKind(null);
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
      if (result.approvalRequired) void invalidateDomains(queryClient, 'approvals');
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

  return (
    <>
      {opened ? null : fixedStageId !== undefined ? (
        <Button type={type} size={size} icon={<SendOutlined />} disabled={disabled} onClick={() => open(REQUEST_KINDS[0])}>
          {label ?? 'Request stage change'}
        </Button>
      ) : (
        <Dropdown menu={{ items }} trigger={['click']} disabled={disabled}>
          <Button type={type} size={size} icon={<SendOutlined />} disabled={disabled}>
            Request approval <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <DescriptionDialog
        open={kind !== null}
        title={kind?.title}
        required={kind?.required ?? false}
        danger={kind?.danger}
        okText={direct ? 'Move' : 'Confirm'}
        describe={!direct}
        loading={send.isPending || move.isPending}
        extraValid={!changing || Boolean(target?.allowed)}
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
            {changing && options.isError && (
              <Alert type="error" showIcon style={{ marginBottom: 12 }} title={serverMessages(options.error)[0] ?? OOPS} />
            )}
            {changing && (
              <Form layout="vertical" component="div">
                <Form.Item label="Target stage" required style={{ marginBottom: 12 }}>
                  <StageTargetSelect
                    aria-label="Target stage"
                    loading={options.isLoading}
                    disabled={fixedStageId !== undefined}
                    stages={stages}
                    value={stageId}
                    onChange={setStageId}
                  />
                </Form.Item>
              </Form>
            )}
            {changing && target && (
              <div className="request-stage-target" data-testid="request-stage-target" style={{ marginBottom: 12 }}>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  {target.needsApproval
                    ? `Moving to ${targetLabel(target)} needs approval: the lead moves once this request is approved.`
                    : `Moving to ${targetLabel(target)} needs no approval: the lead moves at once, without a request.`}
                </Typography.Paragraph>
                <StageRequirements stage={target} />
                {!target.allowed && target.reason && (
                  <Alert type="warning" showIcon style={{ marginTop: 8 }} title={target.reason} />
                )}
              </div>
            )}
          </>
        }
        after={
          routed && (
            <LeadRequestRoute
              leadId={leadId}
              request={{ requestType: kind.type, ...(changing ? { targetStageId: stageId ?? null } : {}) }}
            />
          )
        }
        onCancel={() => setKind(null)}
        onConfirm={(notes) => {
          if (direct && stageId !== undefined) move.mutate(stageId);
          else if (kind) send.mutate({ request: kind, notes });
        }}
      />
    </>
  );
}
