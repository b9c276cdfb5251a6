import { Alert, Form, Skeleton } from 'antd';
import { StageRequirements, StageTargetSelect, targetLabel, type StageTarget } from '@/components/stage-target';
import type { LeadStageOptions } from '../../api/types';
import { toRouteEdit } from '../../lib/edit-form';
import { LeadRequestRoute } from '../request-route';
import { WaitingForBanner } from '../waiting-for';

export interface StageStepProps {
  /** GET /leads/{id}/stage-options: the server's answer for every stage. */
  options: LeadStageOptions | undefined;
  loading: boolean;
  error: string | null;
}

/**
 * In the edit form a stage is offered when the server allows the move, or when only fields are missing:
 * what is filled in on this form counts once it is saved (the server checks again on Save).
 */
export const wizardSelectable = (s: StageTarget) => Boolean(s.allowed) || (s.missingFields ?? []).length > 0;

/** What saving with this stage will do, in the server's terms. */
export function stageStepMessage(target: StageTarget, current: StageTarget | undefined) {
  const name = targetLabel(target);
  if (target.needsApproval) {
    return {
      type: 'info' as const,
      text: `Moving to ${name} needs approval: saving sends the request to the approvers, and the lead stays in ${
        current ? targetLabel(current) : 'its stage'
      } until it is approved.`,
    };
  }
  return { type: 'success' as const, text: `The lead moves to ${name} when you save.` };
}

/** Step 5: the stage; the choices, their approval marks and requirements are the server's stage options. */
export function StageStep({ options, loading, error }: StageStepProps) {
  const form = Form.useFormInstance();
  const stageId = Form.useWatch('stageId', form) as number | undefined;
  // saving makes the request: its route is decided on the lead as this form saves it
  const edit = toRouteEdit({
    projectType: Form.useWatch('projectType', form),
    totalRevenue: Form.useWatch('totalRevenue', form),
    totalGrossProfit: Form.useWatch('totalGrossProfit', form),
    serviceCategories: Form.useWatch('serviceCategories', form),
  });
  const stages = options?.stages ?? [];
  const current = stages.find((s) => s.isCurrent);
  const target = stages.find((s) => s.id === stageId && !s.isCurrent);
  const message = target ? stageStepMessage(target, current) : null;
  const missing = target?.missingFields ?? [];

  if (loading && !options) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {options?.waitingFor && <WaitingForBanner waitingFor={options.waitingFor} />}
      <Form.Item
        name="stageId"
        label="Stage"
        extra={current ? `Now in ${targetLabel(current)}.` : undefined}
        rules={[{ required: true, message: 'Please choose stage' }]}
      >
        <StageTargetSelect
          aria-label="Stage"
          style={{ maxWidth: 360 }}
          stages={stages}
          showCurrent
          selectable={wizardSelectable}
        />
      </Form.Item>
      {target && (
        <div className="lead-wizard__stage-target" data-testid="wizard-stage-target">
          {message && <Alert type={message.type} showIcon title={message.text} style={{ marginBottom: 12 }} />}
          {missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={`Fill in on this form before saving: ${missing.join(', ')}.`}
              description="Fields you fill in on this form count once you save."
              style={{ marginBottom: 12 }}
            />
          )}
          <StageRequirements stage={target} />
          {options && target.needsApproval && target.allowed && (
            // who saving would ask, on the lead with this form's figures, project type and service categories
            <div style={{ marginTop: 12 }}>
              <LeadRequestRoute
                leadId={options.leadId}
                request={{ requestType: 'CHANGE_LEAD_STAGE', targetStageId: target.id, edit }}
              />
            </div>
          )}
        </div>
      )}
    </>
  );
}
