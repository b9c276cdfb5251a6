import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate, formatIDR } from '@/lib/format';
import type { LeadDetail } from '../api/types';
import { STATUS_COLORS, STATUS_LABELS, stageLabel } from '../lib/labels';
import { LastContactedBadge } from './last-contacted-badge';

/** A lead in brief, for a side column of another screen (the activity form): who, what, where it stands. */
export function LeadSummary({ lead }: { lead: LeadDetail }) {
  return (
    <Card
      variant="borderless"
      className="lead-summary"
      title="Lead Details"
      extra={<Link to={`/leads/${lead.id}`}>Open</Link>}
    >
      <div className="lead-summary__tags">
        <Tag color="blue">{stageLabel(lead.stageName, lead.stageDescription)}</Tag>
        <Tag color={STATUS_COLORS[lead.status]}>{STATUS_LABELS[lead.status]}</Tag>
        <LastContactedBadge days={lead.lastContacted} />
      </div>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'client', label: 'Client', children: lead.clientName },
          { key: 'project', label: 'Project', children: lead.projectName },
          { key: 'sales', label: 'Sales', children: lead.salesFullname },
          { key: 'gp', label: 'Gross Profit', children: formatIDR(lead.totalGrossProfit) },
          { key: 'close', label: 'Expected Close', children: formatDate(lead.expectedCloseDate) },
          { key: 'contacted', label: 'Last Contacted', children: formatDate(lead.lastContactedAt) },
        ]}
      />
      {lead.personInCharges.length > 0 && (
        <div className="lead-summary__pics">
          <Typography.Text type="secondary" className="lead-summary__label">
            Persons in Charge
          </Typography.Text>
          {lead.personInCharges.map((p) => (
            <div key={p.picId} className="lead-pic">
              <Avatar size="small" icon={<UserOutlined />} style={{ background: '#eef3ff', color: '#1d4ed8' }} />
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong>{p.picName}</Typography.Text>
                {p.position && (
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.position}
                    </Typography.Text>
                  </div>
                )}
              </div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
