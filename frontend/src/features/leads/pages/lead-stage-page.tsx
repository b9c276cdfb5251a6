import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Skeleton, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { NEEDS_APPROVAL, targetLabel } from '@/components/stage-target';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { leadQueryOptions, stageOptionsQueryOptions } from '../api/leads-api';
import type { LeadStageOption } from '../api/types';
import { LeadNotFound } from '@/components/lead-not-found';
import { leadCrumbs, Page } from '@/components/page';
import { usePageAccess } from '@/lib/session';
import { StageFieldsForm } from '../components/stage-fields-form';
import { StageLinks } from '../components/stage-links';
import { StageMove } from '../components/stage-move';
import { WaitingForBanner } from '../components/waiting-for';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/labels';
import '../leads.css';

/** The stage a route segment names: its slug ('connected') or its name ('e2'), as the server lists them. */
export function stageOfSlug(stages: LeadStageOption[], segment: string | undefined): LeadStageOption | undefined {
  const key = (segment ?? '').toLowerCase();
  return stages.find((s) => s.slug === key) ?? stages.find((s) => s.stageName.toLowerCase() === key);
}

/**
 * /leads/{id}/{stage}: one stage of a lead (connected, qualified, proposal, verification, closing, and any stage
 * added later): what it requires, filled in place, and the move into it. Every rule is the server's stage options.
 */
export function LeadStagePage() {
  const { leadId, stageSlug } = useParams();
  const id = Number(leadId);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const access = usePageAccess('leads');
  const detail = useQuery({ ...leadQueryOptions(id), enabled: valid });
  const options = useQuery({ ...stageOptionsQueryOptions(id), enabled: valid });

  const notFound = (q: typeof detail | typeof options) => q.isError && isApiError(q.error) && q.error.status === 404;
  if (!valid || notFound(detail) || notFound(options)) return <LeadNotFound />;
  const failed = (detail.isError && !detail.data && detail.error) || (options.isError && !options.data && options.error);
  if (failed) return <Result status="error" title={errorMessage(failed, 'The lead could not be loaded.')} />;
  if (!detail.data || !options.data) return <Skeleton active paragraph={{ rows: 10 }} />;

  const lead = detail.data;
  const stages = options.data.stages;
  const stage = stageOfSlug(stages, stageSlug);
  if (!stage) {
    return (
      <Result
        status="404"
        title="This stage does not exist."
        subTitle={`There is no stage '${stageSlug ?? ''}' on the board.`}
        extra={<Button onClick={() => navigate(`/leads/${id}`)}>Back to the lead</Button>}
      />
    );
  }
  const name = targetLabel(stage);
  const waiting = lead.waitingFor ?? options.data.waitingFor ?? null;

  return (
    <Page
      className="stage-page"
      breadcrumb={leadCrumbs(id, lead.projectName, name)}
      title={name}
      subtitle={
        <span className="lead-detail__subtitle">
          <span>
            {lead.clientName} · {lead.projectName}
          </span>
          <span className="lead-detail__meta">
            {stage.isCurrent ? <Tag color="blue">Current stage</Tag> : <Tag>Now in {lead.stageName} {lead.stageDescription}</Tag>}
            {stage.needsApproval && !stage.isCurrent && <Tag color="gold">{NEEDS_APPROVAL}</Tag>}
            <Tag color={STATUS_COLORS[lead.status]}>{STATUS_LABELS[lead.status]}</Tag>
          </span>
        </span>
      }
      actions={<Button onClick={() => navigate(`/leads/${id}`)}>Lead detail</Button>}
    >
      <div className="stage-page__nav">
        <StageLinks leadId={id} stages={stages} activeId={stage.id} />
      </div>
      {waiting && <WaitingForBanner waitingFor={waiting} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={`What ${name} requires`} variant="borderless" className="lead-section">
            <StageFieldsForm lead={lead} stage={stage} stages={stages} canEdit={access.isEdit} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={stage.isCurrent ? 'Stage' : `Move to ${name}`} variant="borderless" className="lead-section">
            <StageMove leadId={id} stage={stage} canEdit={access.isEdit} />
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
