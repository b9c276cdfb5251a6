import { SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Spin, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { targetLabel } from '@/components/stage-target';
import { stageOptionsQueryOptions } from '../api/leads-api';
import type { LeadCard as LeadCardData } from '../api/types';

/**
 * A card's "Move to stage" menu, where dragging is no way (a phone, the list): every other stage, each as the server's
 * stage options say: one that needs approval says so (choosing it opens the request with its route), one that is not
 * allowed is shown disabled with its reason; `onMove` is useStageMoves' move.
 */
export function CardMoveMenu({ lead, onMove }: { lead: LeadCardData; onMove: (lead: LeadCardData, stageId: number) => void }) {
  const [open, setOpen] = useState(false);
  const options = useQuery({ ...stageOptionsQueryOptions(lead.id), enabled: open, staleTime: 0 });
  const stages = (options.data?.stages ?? []).filter((stage) => !stage.isCurrent);
  // a lead that may move nowhere for one reason (a request pending) says it once, above the stages
  const reasons = new Set(stages.map((stage) => (stage.allowed ? null : stage.reason)));
  const shared = stages.length > 1 && reasons.size === 1 ? [...reasons][0] : null;
  const items: MenuProps['items'] = options.isPending
    ? [{ key: 'loading', disabled: true, label: <Spin size="small" /> }]
    : options.isError
      ? [{ key: 'error', disabled: true, label: 'The stages could not be loaded.' }]
      : [
          ...(shared
            ? [{ key: 'why', disabled: true, label: <span className="card-move__reason card-move__reason--all">{shared}</span> }]
            : []),
          ...stages.map((stage) => ({
          key: String(stage.id),
          disabled: !stage.allowed,
          label: (
            <span className="card-move__option">
              <span>{targetLabel(stage)}</span>
              {stage.allowed ? (
                stage.needsApproval && <Typography.Text type="secondary"> · needs approval</Typography.Text>
              ) : (
                stage.reason &&
                !shared && (
                  <Typography.Text type="secondary" className="card-move__reason">
                    {stage.reason}
                  </Typography.Text>
                )
              )}
            </span>
          ),
          onClick: () => onMove(lead, stage.id),
        })),
        ];
  return (
    <Dropdown
      menu={{ items, className: 'card-move__menu' }}
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
    >
      <Button
        type="text"
        size="small"
        className="card-move__button"
        icon={<SwapOutlined />}
        aria-label={`Move ${lead.clientName} · ${lead.projectName} to another stage`}
      />
    </Dropdown>
  );
}
