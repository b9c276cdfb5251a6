import { Tooltip } from 'antd';
import { badgeColor, daysText } from '../lib/badge';

/** 'N days' since the last contact: green under 30, yellow under 90, red from 90. */
export function LastContactedBadge({ days }: { days: number }) {
  const color = badgeColor(days);
  return (
    <Tooltip title="Last contacted">
      <span className={`contact-badge contact-badge--${color}`} data-color={color}>
        {daysText(days)}
      </span>
    </Tooltip>
  );
}
