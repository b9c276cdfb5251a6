import { CalculatorOutlined, NumberOutlined } from '@ant-design/icons';
import { Button, Card, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatIDR, formatNumber } from '@/lib/format';
import type { PcsBrief } from '../api/types';
import { statusLabel } from '../lib/sheet';
import { ApprovalStatusDialog } from './approval-status-dialog';
import { StatusPill } from './status-pill';
// The lead detail shows this card (and the status dialog) before the cost sheet page has loaded its styles.
import '../pcs.css';

/** The lead detail's PCS hover tooltip waits 500 ms (spec 2 §2.3). */
export const PCS_TOOLTIP_DELAY_S = 0.5;

const itemCount = (pcs: PcsBrief, type: string) => pcs.projectCostSheetItems.filter((i) => i.type === type).length;

export interface LeadPcsCardProps {
  leadId: number;
  /** The lead detail's `projectCostSheets.projectCostSheet` (refetched with the detail every 10 seconds). */
  sheet: PcsBrief | null;
  /** The lead detail's `projectIdNumbers`. */
  projectIdNumbers: readonly string[];
  /** Links to the sheet and PID screens (false for an approver, who reads the summary and the timeline). */
  screens?: boolean;
}

/** The lead's cost sheet on the lead detail: status (its approval timeline on click), GP, and the way in. */
export function LeadPcsCard({ leadId, sheet: pcs, projectIdNumbers, screens = true }: LeadPcsCardProps) {
  const navigate = useNavigate();
  const [statusOpen, setStatusOpen] = useState(false);

  return (
    <Card title="Project Cost Sheet" className="lead-section" variant="borderless" data-testid="lead-pcs-card">
      <div className="pcs-lead-card">
        <div className="pcs-lead-card__row">
          <Typography.Text type="secondary">Status</Typography.Text>
          <Tooltip
            mouseEnterDelay={PCS_TOOLTIP_DELAY_S}
            title={pcs ? `Revision ${pcs.revisionBatch}${pcs.remark ? ` - ${pcs.remark}` : ''} · ${statusLabel(pcs.status)}` : 'No project cost sheet yet'}
          >
            <span>
              <StatusPill status={pcs?.status} onClick={pcs ? () => setStatusOpen(true) : undefined} />
            </span>
          </Tooltip>
        </div>
        {pcs && (
          <>
            <div className="pcs-lead-card__row">
              <Typography.Text type="secondary">Gross Profit</Typography.Text>
              <Typography.Text strong>{formatIDR(pcs.grossProfit)}</Typography.Text>
            </div>
            <div className="pcs-lead-card__row">
              <Typography.Text type="secondary">GP Margin</Typography.Text>
              <Typography.Text strong>{formatNumber(pcs.grossProfitMargin)}%</Typography.Text>
            </div>
            <div className="pcs-lead-card__row">
              <Typography.Text type="secondary">Revision {pcs.revisionBatch}</Typography.Text>
              <Typography.Text>
                {itemCount(pcs, 'REVENUE')} sales · {itemCount(pcs, 'COST')} cost items
              </Typography.Text>
            </div>
          </>
        )}
        {screens && (
          <Button icon={<CalculatorOutlined />} onClick={() => navigate(`/leads/${leadId}/project-cost-sheet`)}>
            Project Cost Sheet
          </Button>
        )}
        {screens && pcs?.status === 'APPROVED' && (
          <Button icon={<NumberOutlined />} onClick={() => navigate(`/leads/${leadId}/generate-pid`)}>
            {projectIdNumbers.length ? 'PID Numbers' : 'Generate PID'}
          </Button>
        )}
      </div>
      {pcs && (
        <ApprovalStatusDialog
          open={statusOpen}
          leadId={leadId}
          status={pcs.status}
          revisionBatch={null}
          onClose={() => setStatusOpen(false)}
        />
      )}
    </Card>
  );
}
