import { UserOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatIDR } from '@/lib/format';
import type { LeadCard as LeadCardData } from '../api/types';
import { compactIDR, STATUS_COLORS, STATUS_LABELS } from '../lib/labels';
import { LastContactedBadge } from './last-contacted-badge';

export interface LeadCardProps {
  lead: LeadCardData;
  /** One line per lead instead of the full card. */
  compact?: boolean;
}

/** A lead on the board or in a list (spec §2.2); opens /leads/{id}. */
export function LeadCard({ lead, compact = false }: LeadCardProps) {
  if (compact) {
    return (
      <Link to={`/leads/${lead.id}`} className="lead-card lead-card--compact" data-lead-id={lead.id}>
        <span className="lead-card__stage">{lead.stageName}</span>
        <span className="lead-card__compact-text">
          <Typography.Text strong ellipsis>
            {lead.clientName}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis className="lead-card__compact-project">
            {lead.projectName}
          </Typography.Text>
        </span>
        <LastContactedBadge days={lead.lastContacted} />
      </Link>
    );
  }
  return (
    <Link to={`/leads/${lead.id}`} className="lead-card" data-lead-id={lead.id}>
      <div className="lead-card__head">
        <Typography.Text strong ellipsis className="lead-card__client">
          {lead.clientName}
        </Typography.Text>
        <LastContactedBadge days={lead.lastContacted} />
      </div>
      <div className="lead-card__project">{lead.projectName}</div>
      <div className="lead-card__tags">
        <Tag className="lead-card__stage-tag">{lead.stageName}</Tag>
        <Tag color={STATUS_COLORS[lead.status]}>{STATUS_LABELS[lead.status]}</Tag>
        {lead.projectType && <span className="lead-card__type">{lead.projectType}</span>}
      </div>
      <div className="lead-card__foot">
        <span className="lead-card__sales" title={lead.salesFullname}>
          <UserOutlined /> {lead.nickname ?? lead.salesFullname}
        </span>
        <span className="lead-card__gp" title={`Gross profit ${formatIDR(lead.totalGrossProfit)}`}>
          {compactIDR(lead.totalGrossProfit)}
        </span>
      </div>
    </Link>
  );
}
