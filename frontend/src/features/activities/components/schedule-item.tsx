import { MoreOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tag, Typography } from 'antd';
import { rowAction } from '@/components/data-table';
import { formatDateTime, formatTime } from '@/lib/format';
import type { ScheduleRow } from '../api/types';
import { typeColor } from '../lib/activity-types';

/** What a schedule row can be asked to do (the page opens the form, the confirmation or the detail). */
export interface ScheduleActions {
  /** The caller may plan (leads write): Edit and Remove on their own plans still to come. */
  canWrite: boolean;
  /** The caller's user id: another's plan names its owner. */
  userId: number;
  onEdit: (row: ScheduleRow) => void;
  onRemove: (row: ScheduleRow) => void;
}

/** A row's name in its menu's label: "Meeting with PT X at 26-Nov-2026 09:00". */
export function scheduleName(row: ScheduleRow): string {
  return `${row.media} with ${row.clientName} at ${formatDateTime(row.scheduleTime)}`;
}

/** One planned activity: its time, type, client · project, person in charge and remark; the menu on one's own
 *  plans still to come (the server's `editable`). */
export function ScheduleItem({ row, actions, onOpen }: { row: ScheduleRow; actions: ScheduleActions; onOpen?: () => void }) {
  const menu = actions.canWrite && row.editable;
  const color = typeColor(row.activityType);
  return (
    <li className="schedule-item" style={{ borderInlineStartColor: color.solid }} data-testid="schedule-item">
      <div className="schedule-item__time">{formatTime(row.scheduleTime)}</div>
      <div
        className={onOpen ? 'schedule-item__body schedule-item__body--open' : 'schedule-item__body'}
        onClick={onOpen}
        onKeyDown={onOpen ? (e) => (e.key === 'Enter' || e.key === ' ') && onOpen() : undefined}
        role={onOpen ? 'button' : undefined}
        tabIndex={onOpen ? 0 : undefined}
      >
        <div className="schedule-item__head">
          <Tag color={color.tag}>{row.media}</Tag>
          <Typography.Text strong className="schedule-item__title">
            {row.clientName} · {row.projectName}
          </Typography.Text>
        </div>
        <div className="schedule-item__meta">
          <span>
            <UserOutlined /> {row.picName ?? 'No Person in Charge'}
          </span>
          {row.ownerId !== actions.userId && row.ownerName && <span>Planned by {row.ownerName}</span>}
        </div>
        {row.scheduleNotes && (
          <Typography.Paragraph className="schedule-item__remark" type="secondary" ellipsis={{ rows: 2 }}>
            {row.scheduleNotes}
          </Typography.Paragraph>
        )}
      </div>
      {menu && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: [rowAction.edit(() => actions.onEdit(row)), rowAction.remove(() => actions.onRemove(row))],
          }}
        >
          <Button
            type="text"
            className="schedule-item__menu"
            icon={<MoreOutlined />}
            aria-label={`Actions for ${scheduleName(row)}`}
          />
        </Dropdown>
      )}
    </li>
  );
}
