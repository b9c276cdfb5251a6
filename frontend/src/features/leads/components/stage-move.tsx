import { ArrowRightOutlined, CheckCircleFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { showSuccess, toast } from '@/components/dialogs';
import { targetLabel } from '@/components/stage-target';
import { errorMessage } from '@/lib/api/errors';
import { leadKeys } from '../api/keys';
import { updateLead } from '../api/leads-api';
import type { LeadStageOption } from '../api/types';
import { RequestApprovalButton } from './request-approval-button';

export const APPROVAL_REQUESTED = 'Approval requested';

/**
 * A stage page's move: whether it needs approval and, when the server allows it, the button for it: the
 * request for a stage that needs approval, the move itself otherwise (PUT update/v2 with the stage).
 */
export function StageMove({ leadId, stage, canEdit }: { leadId: number; stage: LeadStageOption; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = targetLabel(stage);

  if (stage.isCurrent) {
    return (
      <Typography.Paragraph className="stage-move__text" style={{ marginBottom: 0 }}>
        <CheckCircleFilled style={{ color: '#52c41a' }} /> The lead is in {name}.
      </Typography.Paragraph>
    );
  }

  const move = async () => {
    setError(null);
    setMoving(true);
    try {
      const result = await updateLead(leadId, { stageId: stage.id });
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
      if (result.approvalRequired) await showSuccess({ title: APPROVAL_REQUESTED, content: result.message ?? undefined });
      else toast.success(result.message ?? `The lead moved to ${name}.`);
    } catch (e) {
      setError(errorMessage(e, 'The lead could not be moved.'));
    } finally {
      setMoving(false);
    }
  };

  return (
    <div data-testid="stage-move">
      <Typography.Paragraph className="stage-move__text">
        {stage.needsApproval
          ? `Moving to ${name} needs approval: the request goes to the approvers and the lead moves once it is approved.`
          : `Moving to ${name} needs no approval: the lead moves at once.`}
      </Typography.Paragraph>
      {!stage.allowed && stage.reason && <Alert type="warning" showIcon title={stage.reason} style={{ marginBottom: 12 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
      {canEdit &&
        (stage.needsApproval ? (
          <RequestApprovalButton
            leadId={leadId}
            stageId={stage.id}
            type="primary"
            label={`Request move to ${name}`}
            disabled={!stage.allowed}
          />
        ) : (
          <Button type="primary" icon={<ArrowRightOutlined />} loading={moving} disabled={!stage.allowed} onClick={() => void move()}>
            Move to {name}
          </Button>
        ))}
    </div>
  );
}
