import {
  AudioOutlined,
  DownOutlined,
  EnvironmentOutlined,
  FileOutlined,
  PictureOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Empty, Skeleton, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { leadActivitiesQueryOptions } from '../api/activities-api';
import { ACTIVITY_TYPES, activityFormPath, typeColor } from '../lib/activity-types';
import '../activities.css';

/** The add button: a meeting, presentation or demo (the full report), or a quick note of any of them. */
export function AddActivityButton({ leadId, size }: { leadId: number; size?: 'small' | 'middle' }) {
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...ACTIVITY_TYPES.map((t) => ({ key: t.slug, label: t.label })),
          { type: 'divider' as const },
          ...ACTIVITY_TYPES.map((t) => ({ key: `quick-${t.slug}`, label: `Quick note: ${t.label}` })),
        ],
        onClick: ({ key }) => {
          const quick = key.startsWith('quick-');
          const type = ACTIVITY_TYPES.find((t) => t.slug === key.replace('quick-', ''))!;
          navigate(activityFormPath(leadId, type.value, quick));
        },
      }}
    >
      <Button type="primary" size={size} icon={<PlusOutlined />}>
        Add Activity <DownOutlined />
      </Button>
    </Dropdown>
  );
}

function Count({ icon, n, label }: { icon: React.ReactNode; n: number; label: string }) {
  if (n === 0) return null;
  return (
    <span className="activity-row__count" title={`${n} ${label}`} aria-label={`${n} ${label}`}>
      {icon} {n}
    </span>
  );
}

/** The lead's activities, newest first (spec 2 §2.3 with issue 16): each opens its detail. */
export function LeadActivities({ leadId, canRecord }: { leadId: number; canRecord: boolean }) {
  const activities = useQuery(leadActivitiesQueryOptions(leadId));
  return (
    <div className="lead-activities" id="activities">
      {canRecord && (
        <div className="lead-activities__add">
          <AddActivityButton leadId={leadId} size="small" />
        </div>
      )}
      {activities.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !activities.data || activities.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activity yet." />
      ) : (
        <ul className="activity-rows">
          {activities.data.map((a) => (
            <li key={a.id}>
              <Link to={`/leads/${leadId}/activity/${a.id}`} className="activity-row">
                <div className="activity-row__head">
                  <Tag color={typeColor(a.type).tag}>{a.media}</Tag>
                  <Typography.Text strong ellipsis className="activity-row__pic">
                    {a.picName ?? 'No Person in Charge'}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="activity-row__when">
                    {formatDateTime(a.createdAt)}
                  </Typography.Text>
                </div>
                {a.activityNotes && (
                  <Typography.Paragraph ellipsis={{ rows: 2 }} className="activity-row__notes">
                    {a.activityNotes}
                  </Typography.Paragraph>
                )}
                {(a.placeName || a.placeAddress) && (
                  <Typography.Text type="secondary" ellipsis className="activity-row__place" data-testid="activity-place">
                    <EnvironmentOutlined aria-label="Location" /> {[a.placeName, a.placeAddress].filter(Boolean).join(', ')}
                  </Typography.Text>
                )}
                <div className="activity-row__foot">
                  <Typography.Text type="secondary">by {a.createdByName ?? '-'}</Typography.Text>
                  <span className="activity-row__counts">
                    <Count icon={<AudioOutlined />} n={a.recordings} label="voice notes" />
                    <Count icon={<PictureOutlined />} n={a.photos} label="photos" />
                    <Count icon={<FileOutlined />} n={a.files} label="files" />
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
