import { EditOutlined, UserOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Empty, Result, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { formatDate, formatIDR, formatNumber, projectPeriod } from '@/lib/format';
import { leadQueryOptions, stageOptionsQueryOptions } from '../api/leads-api';
import type { LeadDetail } from '../api/types';
import { LastContactedBadge } from '../components/last-contacted-badge';
import { LeadFiles } from '../components/lead-files';
import { LeadHistory } from '../components/lead-history';
import { RequestApprovalButton } from '../components/request-approval-button';
import { LeadNotFound } from '@/components/lead-not-found';
import { CallButton, formatPhone } from '@/components/call-button';
import { Page } from '@/components/page';
import { useCanOpen, usePageAccess } from '@/lib/session';
import { StageLinks } from '../components/stage-links';
import { StageTimeline } from '../components/stage-timeline';
import { WaitingForBanner } from '../components/waiting-for';
import type { LeadDecisionProps, OwnerChangeDialogProps } from '../lib/composed';
import { STATUS_COLORS, STATUS_LABELS, stageLabel, subscriptionLabel } from '../lib/labels';
import '../leads.css';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

function categoryName(lead: LeadDetail, id: number): string {
  return lead.serviceCategories.find((c) => c.serviceCategoryId === id)?.serviceCategoryName ?? `#${id}`;
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div className="lead-amount">
      <span className="lead-amount__label">{label}</span>
      <span className="lead-amount__value" title={value}>
        {value}
      </span>
    </div>
  );
}

function LeadInformation({ lead }: { lead: LeadDetail }) {
  const pids = lead.pidNumber.length > 0 ? lead.pidNumber : lead.projectIdNumbers;
  return (
    <Descriptions
      column={{ xs: 1, sm: 1, md: 2 }}
      size="small"
      items={[
        { key: 'client', label: 'Client', children: `${lead.clientName} (${lead.clientCode})` },
        { key: 'project', label: 'Project Name', children: lead.projectName },
        { key: 'type', label: 'Project Type', children: dash(lead.projectTypeName) },
        { key: 'source', label: 'Source', children: dash(lead.sourceName) },
        { key: 'entity', label: 'Entity', children: dash(lead.entityName) },
        { key: 'unit', label: 'Unit', children: dash(lead.unitName) },
        { key: 'subscription', label: 'Subscription', children: subscriptionLabel(lead.subscriptionType) },
        { key: 'competitor', label: 'Competitor', children: dash(lead.competitor) },
        { key: 'decision', label: 'Decision Maker', children: dash(lead.decisionMaker) },
        { key: 'sales', label: 'Sales', children: lead.salesFullname },
        {
          key: 'pid',
          label: 'PID Numbers',
          children: pids.length > 0 ? pids.map((p) => <Tag key={p}>{p}</Tag>) : '-',
        },
        { key: 'units', label: 'Total Unit', children: dash(lead.totalUnit === null ? null : formatNumber(lead.totalUnit)) },
        { key: 'close', label: 'Expected Close', children: formatDate(lead.expectedCloseDate) },
        {
          key: 'period',
          label: 'Project Period',
          children: projectPeriod(lead.projectStartDate, lead.projectEndDate),
        },
        {
          key: 'duration',
          label: 'Duration',
          children: lead.projectDuration === null ? '-' : `${lead.projectDuration} months`,
        },
        { key: 'contacted', label: 'Last Contacted', children: formatDate(lead.lastContactedAt) },
        {
          key: 'description',
          label: 'Project Description',
          span: 'filled',
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{dash(lead.projectDescription)}</span>,
        },
      ]}
    />
  );
}

function ServicesAndBilling({ lead }: { lead: LeadDetail }) {
  return (
    <>
      {lead.serviceCategories.length === 0 ? (
        <Typography.Text type="secondary">No service category yet.</Typography.Text>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {lead.serviceCategories.map((c, i) => (
            <Tag key={`${c.serviceCategoryId}-${c.subServiceCategoryId ?? i}`} color="geekblue">
              {c.serviceCategoryName}
              {c.subServiceCategoryName ? ` · ${c.subServiceCategoryName}` : ''}
            </Tag>
          ))}
        </div>
      )}
      {lead.payments.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            Payments
          </Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={lead.payments}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Service Category', render: (_, p) => categoryName(lead, p.serviceCategoryId) },
              { title: 'Billing Date', render: (_, p) => formatDate(p.billingDate) },
              { title: 'Amount', align: 'right', render: (_, p) => formatIDR(p.amount) },
            ]}
          />
        </>
      )}
      {lead.billingSchedules.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            Billing Schedules
          </Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={lead.billingSchedules}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Service Category', render: (_, b) => categoryName(lead, b.serviceCategoryId) },
              { title: 'Schedule', render: (_, b) => formatDate(b.schedule) },
              { title: 'Amount', align: 'right', render: (_, b) => formatIDR(b.amount) },
              { title: 'Description', render: (_, b) => dash(b.description) },
            ]}
          />
        </>
      )}
    </>
  );
}

/** What the lead detail hands the cost sheet's card it shows (the app composes the card in). */
export interface LeadCostSheetCardProps {
  lead: LeadDetail;
  /** Whether the card links to the sheet and PID screens (false for an approver, who reads the summary). */
  screens: boolean;
}

/** What the lead detail hands the activities list it shows (the app composes the list in). */
export interface LeadActivitiesProps {
  leadId: number;
  /** Whether the list offers to record one (those who may edit the lead). */
  canRecord: boolean;
}

export interface LeadDetailPageProps {
  /** The cost sheet's card in the side column (the pcs feature's, given by the app's route). */
  costSheetCard?: ComponentType<LeadCostSheetCardProps>;
  /** The lead's activities (the activities feature's, given by the app's route). */
  activities?: ComponentType<LeadActivitiesProps>;
  /** Change the lead's owner (Assignment Monitoring's dialog), given to those who may. */
  ownerChange?: ComponentType<OwnerChangeDialogProps>;
  /** Approve or reject what waits for the reader on this lead (the approval queue's decision). */
  decision?: ComponentType<LeadDecisionProps>;
}

/** /leads/{id} and /leads/{id}/view: everything about a lead, refetched every 10 seconds. */
export function LeadDetailPage({
  costSheetCard: CostSheetCard,
  activities: Activities,
  ownerChange: OwnerChange,
  decision: Decision,
}: LeadDetailPageProps = {}) {
  const { leadId } = useParams();
  const [changingOwner, setChangingOwner] = useState(false);
  const id = Number(leadId);
  const navigate = useNavigate();
  const access = usePageAccess('leads');
  // an approver reading the lead they are asked about goes back to their queue, not to the board
  const back = useCanOpen('/leads') ? { to: '/leads', label: 'Leads' } : { to: '/system/approval', label: 'Approval' };
  const sheetScreens = useCanOpen(`/leads/${leadId}/project-cost-sheet`);
  const detail = useQuery({ ...leadQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  // The stage pages and their slugs, for those who may open them (an approver reading the lead may not).
  const stageOptions = useQuery({
    ...stageOptionsQueryOptions(id),
    enabled: access.isRead && Number.isInteger(id) && id > 0,
    retry: false,
  });

  if (!Number.isInteger(id) || id <= 0 || (detail.isError && isApiError(detail.error) && detail.error.status === 404)) {
    return <LeadNotFound />;
  }
  if (detail.isError && !detail.data) {
    return <Result status="error" title={errorMessage(detail.error, 'The lead could not be loaded.')} />;
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  const lead = detail.data;

  return (
    <Page
      className="lead-detail"
      breadcrumb={[{ title: back.label, to: back.to }, { title: lead.projectName }]}
      title={lead.projectName}
      subtitle={
        <span className="lead-detail__subtitle">
          <span>{lead.clientName}</span>
          <span className="lead-detail__meta">
            <Tag color="blue">{stageLabel(lead.stageName, lead.stageDescription)}</Tag>
            <Tag color={STATUS_COLORS[lead.status]}>{STATUS_LABELS[lead.status]}</Tag>
            <LastContactedBadge days={lead.lastContacted} />
          </span>
        </span>
      }
      actions={
        (access.isEdit || OwnerChange) && (
          <>
            {OwnerChange && (
              <Button icon={<UserSwitchOutlined />} onClick={() => setChangingOwner(true)}>
                Change Owner
              </Button>
            )}
            {access.isEdit && (
              <>
                <RequestApprovalButton leadId={lead.id} disabled={lead.status !== 'NEW'} />
                <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/leads/${lead.id}/edit`)}>
                  Edit
                </Button>
              </>
            )}
          </>
        )
      }
    >
      {Decision && <Decision leadId={lead.id} />}
      {lead.waitingFor && <WaitingForBanner waitingFor={lead.waitingFor} />}
      {OwnerChange && (
        <OwnerChange
          leads={[
            {
              id: lead.id,
              projectName: lead.projectName,
              salesPersonId: lead.salesPersonId,
              salesFullname: lead.salesFullname,
            },
          ]}
          open={changingOwner}
          onClose={() => setChangingOwner(false)}
        />
      )}

      <div className="lead-detail__amounts">
        <Amount label="Budget" value={formatIDR(lead.projectBudget)} />
        <Amount label="Total Revenue" value={formatIDR(lead.totalRevenue)} />
        <Amount label="Total Gross Profit" value={formatIDR(lead.totalGrossProfit)} />
        <Amount label="GP Margin" value={`${formatNumber(lead.grossProfitMargin)}%`} />
      </div>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Lead Information" className="lead-section" variant="borderless">
            <LeadInformation lead={lead} />
          </Card>
          {Activities && (
            <Card title="Activities" className="lead-section" variant="borderless">
              <Activities leadId={lead.id} canRecord={access.isEdit} />
            </Card>
          )}
          <Card title="Service Categories" className="lead-section" variant="borderless">
            <ServicesAndBilling lead={lead} />
          </Card>
          <Card title="Change History" className="lead-section" variant="borderless">
            <LeadHistory leadId={lead.id} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          {CostSheetCard && <CostSheetCard lead={lead} screens={sheetScreens} />}
          <Card title="Persons in Charge" className="lead-section" variant="borderless">
            {lead.personInCharges.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Person in Charge" />
            ) : (
              lead.personInCharges.map((p) => (
                <div key={p.picId} className="lead-pic">
                  <Avatar icon={<UserOutlined />} style={{ background: '#eef3ff', color: '#1d4ed8' }} />
                  <div className="lead-pic__who">
                    <Typography.Text strong>{p.picName}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {p.position ?? '-'}
                        {p.phoneNumber ? ` · ${formatPhone(p.phoneNumber)}` : ''}
                      </Typography.Text>
                    </div>
                  </div>
                  {p.phoneNumber && (
                    <CallButton contactId={p.picId} leadId={lead.id} name={p.picName} phone={p.phoneNumber} />
                  )}
                </div>
              ))
            )}
          </Card>
          <Card title="Files" className="lead-section" variant="borderless">
            <LeadFiles lead={lead} />
          </Card>
          <Card title="Stages" className="lead-section" variant="borderless">
            {stageOptions.data && (
              <div style={{ marginBottom: 16 }}>
                <StageLinks leadId={lead.id} stages={stageOptions.data.stages} />
              </div>
            )}
            <StageTimeline
              leadId={lead.id}
              pageOf={(name) => {
                const stage = stageOptions.data?.stages.find((s) => s.stageName === name);
                return stage ? `/leads/${lead.id}/${stage.slug}` : undefined;
              }}
            />
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
