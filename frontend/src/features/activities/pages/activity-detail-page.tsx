import { AudioOutlined, EnvironmentOutlined, PaperClipOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { callDuration } from '@/components/call-button';
import { LeadNotFound } from '@/components/lead-not-found';
import { Page } from '@/components/page';
import { isApiError } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { activityFilesQueryOptions, activityQueryOptions } from '../api/activities-api';
import { Files, Photos, Recordings } from '../components/activity-media';
import { PlaceMap } from '../components/place-map';
import { CALL_TYPE, typeColor } from '../lib/activity-types';
import '../activities.css';

function Block({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="borderless" className="activity-card" title={<span>{icon} {title}</span>}>
      {children}
    </Card>
  );
}

/** /leads/{leadId}/activity/{activityId} (spec 2 §2.9): who, what was said, the voice notes, files, place, photos. */
export function ActivityDetailPage() {
  const { leadId, activityId } = useParams();
  const lead = Number(leadId);
  const id = Number(activityId);
  const ok = Number.isInteger(lead) && lead > 0 && Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...activityQueryOptions(lead, id), enabled: ok, retry: false });
  const files = useQuery({ ...activityFilesQueryOptions(lead, id), enabled: ok && detail.isSuccess });

  if (!ok || (isApiError(detail.error) && detail.error.status === 404)) return <LeadNotFound />;
  const a = detail.data;
  const hasPoint = a?.latitude != null && a?.longitude != null;
  const call = a?.type === CALL_TYPE.value; // a call has no files, photos or place: its duration instead

  return (
    <Page
      className="activity-detail-page"
      width="form"
      breadcrumb={[
        { title: 'Leads', to: '/leads' },
        { title: a?.clientName ?? 'Lead', to: `/leads/${lead}` },
        { title: 'Lead History', to: `/leads/${lead}#activities` },
        { title: a?.media ?? 'Activity' },
        { title: 'Activity Detail' },
      ]}
      title={a ? `${a.media} · ${a.projectName}` : 'Activity Detail'}
      subtitle={a ? `${formatDateTime(a.createdAt)} · by ${a.createdByName ?? '-'}` : undefined}
      subtitleEllipsis
      loading={detail.isLoading}
      error={detail.isError ? detail.error : undefined}
    >
      {a && (
        <div className="activity-detail">
          <Block icon={<UserOutlined />} title="Activity">
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'pic',
                  label: 'Person in Charge',
                  children: a.picName ?? <Typography.Text type="secondary">No Person in Charge</Typography.Text>,
                },
                { key: 'type', label: 'Type', children: <Tag color={typeColor(a.type).tag}>{a.media}</Tag> },
                ...(call
                  ? [
                      {
                        key: 'duration',
                        label: 'Duration',
                        children: a.durationSeconds ? callDuration(a.durationSeconds) : 'Not answered',
                      },
                    ]
                  : []),
                {
                  key: 'notes',
                  label: 'Notes',
                  children: <span className="activity-notes">{a.activityNotes ?? '-'}</span>,
                },
              ]}
            />
          </Block>
          {!call && (
            <>
              <Block icon={<AudioOutlined />} title="Voice Notes">
                {files.data && <Recordings leadId={lead} files={files.data.recordings} />}
              </Block>
              <Block icon={<PaperClipOutlined />} title="Files">
                {files.data && <Files activityId={id} files={files.data.files} />}
              </Block>
              <Block icon={<PictureOutlined />} title="Photos">
                {files.data && <Photos leadId={lead} activityId={id} files={files.data.photos} />}
              </Block>
              <Block icon={<EnvironmentOutlined />} title="Location">
                {hasPoint || a.placeName || a.placeAddress ? (
                  <>
                    {(a.placeName || a.placeAddress) && (
                      <div className="activity-place">
                        {a.placeName && <Typography.Text strong>{a.placeName}</Typography.Text>}
                        {a.placeAddress && <Typography.Text type="secondary">{a.placeAddress}</Typography.Text>}
                      </div>
                    )}
                    {hasPoint && (
                      <PlaceMap point={{ latitude: a.latitude!, longitude: a.longitude! }} label="Activity location map" />
                    )}
                  </>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Location." className="activity-empty" />
                )}
              </Block>
            </>
          )}
        </div>
      )}
    </Page>
  );
}
