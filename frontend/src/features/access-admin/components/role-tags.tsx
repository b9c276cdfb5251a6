import { Tag } from 'antd';

/** The tag of a role a wildcard line grants everything (the administrators). */
export const EveryAccessTag = () => (
  <Tag color="gold" className="access-tag">
    Every access
  </Tag>
);

export const WhitelistTag = ({ on }: { on: boolean }) =>
  on ? (
    <Tag color="blue" className="access-tag">
      Sees every lead
    </Tag>
  ) : (
    <Tag className="access-tag">Own team</Tag>
  );
