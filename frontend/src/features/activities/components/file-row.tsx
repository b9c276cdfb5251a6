import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { sizeInMb } from '../lib/attachments';

/** One file in an activity's list (the form's chosen files, the detail's stored ones): its icon or thumbnail, its
 *  name cut to the row, its size in MB, and the row's action (remove, download). */
export function FileRow({ icon, name, size, action }: { icon: ReactNode; name: string; size: number; action: ReactNode }) {
  return (
    <li className="activity-attachment">
      <span className="activity-attachment__icon">{icon}</span>
      <Typography.Text ellipsis className="activity-attachment__name" title={name}>
        {name}
      </Typography.Text>
      <Typography.Text type="secondary" className="activity-attachment__size">
        {sizeInMb(size)}
      </Typography.Text>
      {action}
    </li>
  );
}
