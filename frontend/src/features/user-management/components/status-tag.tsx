import { Tag } from 'antd';

/** A user's status: Active (green) or Inactive (grey). */
export function StatusTag({ active }: { active: boolean }) {
  return active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>;
}
