import { Button, Descriptions, Modal, Tag } from 'antd';
import { Link } from 'react-router';
import { formatTime } from '@/lib/format';
import type { ScheduleRow } from '../api/types';
import { typeColor } from '../lib/activity-types';
import { dayHeading } from '../lib/schedule';

/** A plan read-only: a past one, or another's (a team leader reading the team's schedule). */
export function ScheduleDetailModal({ row, onClose }: { row: ScheduleRow | null; onClose: () => void }) {
  if (!row) return null;
  const at = row.scheduleTime;
  return (
    <Modal
      open
      title="Activity Schedule"
      width={480}
      centered
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      className="schedule-detail-modal"
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'activity', label: 'Activity', children: <Tag color={typeColor(row.activityType).tag}>{row.media}</Tag> },
          { key: 'when', label: 'Date and Time', children: `${dayHeading(at)} ${formatTime(at)}` },
          { key: 'client', label: 'Client', children: row.clientName },
          { key: 'project', label: 'Project', children: <Link to={`/leads/${row.leadsId}`}>{row.projectName}</Link> },
          { key: 'pic', label: 'Person in Charge', children: row.picName ?? 'No Person in Charge' },
          { key: 'owner', label: 'Planned by', children: row.ownerName ?? '-' },
          {
            key: 'remark',
            label: 'Remark',
            children: <span className="schedule-detail__remark">{row.scheduleNotes || '-'}</span>,
          },
        ]}
      />
    </Modal>
  );
}
