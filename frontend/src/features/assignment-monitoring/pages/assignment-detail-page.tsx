import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Grid, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable } from '@/components/data-table';
import { Page, systemCrumbs } from '@/components/page';
import { formatDateTime, formatIDR } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import {
  ASSIGNMENT_PAGE,
  ASSIGNMENT_PATH,
  leadsText,
  reassignmentQueryOptions,
  type MovedLead,
} from '../api/assignment-api';
import { ReassignFormPage } from './reassign-form-page';
import '../assignment-monitoring.css';

function LeadName({ lead }: { lead: MovedLead }) {
  return (
    <div className="reassignment-block">
      {lead.leadId ? <Link to={`/leads/${lead.leadId}`}>{lead.projectName}</Link> : lead.projectName}
      {lead.clientName && <Typography.Text type="secondary">{lead.clientName}</Typography.Text>}
    </div>
  );
}

const followed = (lead: MovedLead) =>
  [lead.requestMoved && 'pending request', lead.schedulesMoved > 0 && `${lead.schedulesMoved} upcoming plans`]
    .filter(Boolean)
    .join(', ') || '-';

/** /system/assignment-monitoring/{id}: a past reassignment ('add': the reassign form). */
export function AssignmentRoutePage() {
  const { id = '' } = useParams();
  return id === 'add' ? <ReassignFormPage /> : <AssignmentDetailPage id={Number(id)} />;
}

export function AssignmentDetailPage({ id }: { id: number }) {
  const access = usePageAccess(ASSIGNMENT_PAGE);
  const navigate = useNavigate();
  const phone = Grid.useBreakpoint().md === false;
  const detail = useQuery({ ...reassignmentQueryOptions(id), enabled: access.isRead && Number.isFinite(id) });
  const row = detail.data;

  const columns: ColumnsType<MovedLead> = phone
    ? [
        {
          title: 'Lead',
          key: 'lead',
          render: (_: unknown, lead) => (
            <div className="reassignment-block">
              <LeadName lead={lead} />
              <Typography.Text type="secondary" className="reassignment-block__facts">
                {lead.stageName ?? '-'} · {lead.statusLabel} · GP {formatIDR(lead.totalGrossProfit)}
              </Typography.Text>
              {followed(lead) !== '-' && (
                <Typography.Text type="secondary" className="reassignment-block__facts">
                  Followed: {followed(lead)}
                </Typography.Text>
              )}
            </div>
          ),
        },
      ]
    : [
        { title: 'Lead', key: 'lead', render: (_: unknown, lead) => <LeadName lead={lead} /> },
        { title: 'Stage', dataIndex: 'stageName', width: 150, render: (s: string | null) => s ?? '-' },
        { title: 'Status', dataIndex: 'statusLabel', width: 110, render: (s: string) => <Tag>{s}</Tag> },
        {
          title: 'GP',
          dataIndex: 'totalGrossProfit',
          width: 170,
          align: 'right',
          render: (gp: number) => formatIDR(gp),
        },
        { title: 'Followed', key: 'followed', width: 190, render: (_: unknown, lead) => followed(lead) },
      ];

  return (
    <Page
      breadcrumb={systemCrumbs('Assignment Monitoring', ASSIGNMENT_PATH, 'Reassignment')}
      title={row ? `${row.fromName} → ${row.toName}` : 'Reassignment'}
      subtitle={row ? `${leadsText(row.leadCount)} moved on ${formatDateTime(row.at)}` : undefined}
      actions={<Button onClick={() => navigate(ASSIGNMENT_PATH)}>Back to Assignment Monitoring</Button>}
      loading={detail.isPending && access.isRead}
      error={access.isRead ? detail.error : new Error('You do not have access to view the reassignments.')}
      card
    >
      {row && (
        <>
          <Descriptions
            column={phone ? 1 : 2}
            size="small"
            items={[
              { key: 'when', label: 'When', children: formatDateTime(row.at) },
              { key: 'by', label: 'By', children: row.byName },
              { key: 'from', label: 'From', children: row.fromName },
              { key: 'to', label: 'To', children: row.toName },
              {
                key: 'reason',
                label: 'Reason',
                span: phone ? 1 : 2,
                children: <span className="reassignment-reason">{row.reason}</span>,
              },
            ]}
          />
          <Typography.Title level={5}>Leads moved</Typography.Title>
          <DataTable<MovedLead>
            rowKey={(lead) => `${lead.leadId ?? 'gone'}-${lead.projectName}`}
            columns={columns}
            tableLayout="fixed"
            wrap
            showHeader={!phone}
            scroll={phone ? {} : undefined}
            dataSource={row.leads}
          />
        </>
      )}
    </Page>
  );
}
