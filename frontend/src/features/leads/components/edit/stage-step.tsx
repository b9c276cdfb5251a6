import { Alert, Form, Select, Spin } from 'antd';
import type { NeedApproval, StageOption } from '../../api/types';
import { stageLabel } from '../../lib/labels';

export interface StageStepProps {
  stages: StageOption[];
  currentStageId: number;
  check: NeedApproval | null;
  checking: boolean;
  checkError: string | null;
}

/** The text for a stage check: what is missing, or that approval is needed. */
export function stageCheckMessages(check: NeedApproval, stages: StageOption[]) {
  const target = stages.find((s) => s.id === check.stageId);
  const name = stageLabel(check.stageName, target?.stageDescription);
  return {
    missing:
      check.missingFields.length > 0
        ? `Complete these fields before moving to ${name}: ${check.missingFields.join(', ')}.`
        : null,
    approval: check.needsApproval
      ? `Moving to ${name} needs approval; the lead stays in its stage until it is approved.`
      : null,
    ok: !check.needsApproval && check.missingFields.length === 0 ? `The lead moves to ${name} when you save.` : null,
  };
}

/** Step 5: the stage, checked with the server as soon as another one is chosen. */
export function StageStep({ stages, currentStageId, check, checking, checkError }: StageStepProps) {
  const current = stages.find((s) => s.id === currentStageId);
  const messages = check ? stageCheckMessages(check, stages) : null;
  return (
    <>
      <Form.Item
        name="stageId"
        label="Stage"
        extra={current ? `Now in ${stageLabel(current.stageName, current.stageDescription)}.` : undefined}
        rules={[{ required: true, message: 'Please choose stage' }]}
      >
        <Select
          style={{ maxWidth: 360 }}
          options={stages.map((s) => ({
            value: s.id,
            label: `${stageLabel(s.stageName, s.stageDescription)}${s.needsApproval ? ' (needs approval)' : ''}`,
          }))}
        />
      </Form.Item>
      {checking && <Spin size="small" />}
      {checkError && <Alert type="error" showIcon title={checkError} />}
      {messages?.missing && (
        <Alert
          type="warning"
          showIcon
          title={messages.missing}
          description="Fields you fill in on this form count once you save."
          style={{ marginBottom: 12 }}
        />
      )}
      {messages?.approval && <Alert type="info" showIcon title={messages.approval} style={{ marginBottom: 12 }} />}
      {messages?.ok && <Alert type="success" showIcon title={messages.ok} />}
    </>
  );
}
