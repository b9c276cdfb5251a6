import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '@/lib/format';
import { stageDurationsQueryOptions } from '../api/leads-api';
import { stageLabel } from '../lib/labels';

/** How long the lead stayed in each stage (GET /leads/{id}/stageDurations); each stage links to its page. */
export function StageTimeline({ leadId, pageOf }: { leadId: number; pageOf?: (stageName: string) => string | undefined }) {
  const durations = useQuery(stageDurationsQueryOptions(leadId));
  if (durations.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (durations.isError || durations.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Data." />;
  }
  return (
    <Timeline
      className="stage-timeline"
      items={durations.data.map((d, i) => ({
        key: `${d.stageName}-${i}`,
        color: d.leftAt ? 'gray' : 'blue',
        title: undefined,
        content: (
          <div>
            {pageOf?.(d.stageName) ? (
              <Link to={pageOf(d.stageName)!} className="stage-timeline__link">
                {stageLabel(d.stageName, d.stageDescription)}
              </Link>
            ) : (
              <Typography.Text strong>{stageLabel(d.stageName, d.stageDescription)}</Typography.Text>
            )}{' '}
            <Typography.Text type="secondary">
              · {formatNumber(d.days, 1)} {d.days === 1 ? 'day' : 'days'}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDate(d.enteredAt)} – {d.leftAt ? formatDate(d.leftAt) : 'now'}
              </Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
}
