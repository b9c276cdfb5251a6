import { UserOutlined } from '@ant-design/icons';
import { Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { formatIDR } from '@/lib/format';
import { pcsStatusColor, pcsStatusLabel, pcsStatusShort } from '@/lib/pcs-status';
import type { LeadCard as LeadCardData } from '../api/types';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/labels';
import { LastContactedBadge } from './last-contacted-badge';

/** full: the board's card; compact: one line in a list (with the stage); mini: the compact board's small card. */
export type LeadCardVariant = 'full' | 'compact' | 'mini';

export interface LeadCardProps {
  lead: LeadCardData;
  variant?: LeadCardVariant;
}

/** The cost sheet's status on a card: 'PCS Approved', or 'No PCS' (spec 2 §2.2 pcsStatus). */
export function PcsTag({ status }: { status: string | null }) {
  return (
    <Tooltip title={status ? `Project cost sheet: ${pcsStatusLabel(status)}` : 'No project cost sheet yet'}>
      <Tag color={status ? pcsStatusColor(status) : undefined} className="lead-card__pcs" data-pcs-status={status ?? ''}>
        {status ? `PCS ${pcsStatusShort(status)}` : 'No PCS'}
      </Tag>
    </Tooltip>
  );
}

/** A lead on the board or in a list (spec §2.2); opens /leads/{id}. */
export function LeadCard({ lead, variant = 'full' }: LeadCardProps) {
  if (variant === 'compact') {
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
  if (variant === 'mini') {
    return (
      <Link to={`/leads/${lead.id}`} className="lead-card lead-card--mini" data-lead-id={lead.id}
        title={`${lead.clientName} · ${lead.projectName}`}>
        <Typography.Text strong ellipsis className="lead-card__client">
          {lead.clientName}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis className="lead-card__mini-project">
          {lead.projectName}
        </Typography.Text>
        <span className="lead-card__mini-foot">
          <LastContactedBadge days={lead.lastContacted} />
          <span className="lead-card__gp" title={`Gross profit ${formatIDR(lead.totalGrossProfit)}`}>
            {formatIDR(lead.totalGrossProfit)}
          </span>
        </span>
        <span className="lead-card__mini-tags">
          {lead.status !== 'NEW' && <Tag color={STATUS_COLORS[lead.status]}>{STATUS_LABELS[lead.status]}</Tag>}
          <PcsTag status={lead.pcsStatus} />
        </span>
      </Link>
    );
  }
  return (
    <Link to={`/leads/${lead.id}`} className="lead-card" data-lead-id={lead.id}>
      <div className="lead-card__head">
        <span className="lead-card__client" title={lead.clientName}>
          {lead.clientName}
        </span>
        <LastContactedBadge days={lead.lastContacted} />
      </div>
      <div className="lead-card__project">{lead.projectName}</div>
      <div className="lead-card__tags">
        <Tag className="lead-card__stage-tag">{lead.stageName}</Tag>
        <Tag color={STATUS_COLORS[lead.status]}>{STATUS_LABELS[lead.status]}</Tag>
        <PcsTag status={lead.pcsStatus} />
        {lead.projectType && <span className="lead-card__type">{lead.projectType}</span>}
      </div>
      <div className="lead-card__foot">
        <span className="lead-card__sales" title={lead.salesFullname}>
          <UserOutlined /> {lead.nickname ?? lead.salesFullname}
        </span>
        <span className="lead-card__gp" title={`Gross profit ${formatIDR(lead.totalGrossProfit)}`}>
          {formatIDR(lead.totalGrossProfit)}
        </span>
      </div>
    </Link>
  );
}
