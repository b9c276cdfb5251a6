import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Carousel, Empty, Image, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { DOWNLOAD_ERROR_SECONDS, DOWNLOAD_FAILED } from '@/lib/files';
import { useObjectUrl } from '@/lib/use-object-url';
import { downloadActivityFile, mediaQueryOptions, type ActivityFile } from '../api/activities-api';
import { sizeInMb } from '../lib/attachments';
import { FileRow } from './file-row';
import { VoiceNotePlayer } from './voice-note-player';

/** Saves a file of the activity; a failure says so for 5 seconds (spec 2 §8). */
function useDownload(activityId: number) {
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (file: ActivityFile) => {
    setBusy(file.key);
    try {
      await downloadActivityFile(activityId, file);
    } catch {
      notification.error({ title: DOWNLOAD_FAILED, placement: 'bottom', duration: DOWNLOAD_ERROR_SECONDS });
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

function Nothing({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} className="activity-empty" />;
}

function Recording({ leadId, file }: { leadId: number; file: ActivityFile }) {
  const blob = useQuery(mediaQueryOptions(leadId, 'recordings', file.key));
  const url = useObjectUrl(blob.data);
  return (
    <div className="activity-clip" data-testid="recording">
      <div className="activity-clip__head">
        <Typography.Text strong>{file.filename}</Typography.Text>
        <Typography.Text type="secondary">{sizeInMb(file.size)}</Typography.Text>
      </div>
      {blob.isError ? (
        <Typography.Text type="danger">{DOWNLOAD_FAILED}</Typography.Text>
      ) : url ? (
        <VoiceNotePlayer src={url} label={file.filename} />
      ) : (
        <Skeleton.Input active size="small" block />
      )}
    </div>
  );
}

export function Recordings({ leadId, files }: { leadId: number; files: ActivityFile[] }) {
  if (files.length === 0) return <Nothing text="No Voice Notes." />;
  return (
    <div className="activity-voice">
      {files.map((f) => (
        <Recording key={f.key} leadId={leadId} file={f} />
      ))}
    </div>
  );
}

export function Files({ activityId, files }: { activityId: number; files: ActivityFile[] }) {
  const { busy, download } = useDownload(activityId);
  if (files.length === 0) return <Nothing text="No Uploaded File." />;
  return (
    <ul className="activity-attachments__list">
      {files.map((f) => (
        <FileRow
          key={f.key}
          icon={<FileOutlined />}
          name={f.filename}
          size={f.size}
          action={
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={`Download ${f.filename}`}
              loading={busy === f.key}
              onClick={() => void download(f)}
            />
          }
        />
      ))}
    </ul>
  );
}

function Photo({ leadId, file }: { leadId: number; file: ActivityFile }) {
  const blob = useQuery(mediaQueryOptions(leadId, 'photos', file.key));
  const url = useObjectUrl(blob.data);
  if (blob.isError) return <div className="activity-photo activity-photo--missing">{DOWNLOAD_FAILED}</div>;
  if (!url) return <Skeleton.Image active className="activity-photo" />;
  return (
    <Image
      src={url}
      alt={file.filename}
      className="activity-photo__img"
      rootClassName="activity-photo"
      preview={{ mask: 'Zoom' }}
    />
  );
}

/** The photos in a carousel; each zooms (the preview's own zoom and rotate) and downloads on its own. */
export function Photos({ leadId, activityId, files }: { leadId: number; activityId: number; files: ActivityFile[] }) {
  const { busy, download } = useDownload(activityId);
  const [current, setCurrent] = useState(0);
  if (files.length === 0) return <Nothing text="No Uploaded Photo." />;
  const shown = files[Math.min(current, files.length - 1)];
  return (
    <div className="activity-photos">
      <Image.PreviewGroup>
        <Carousel dots={files.length > 1} arrows={files.length > 1} afterChange={setCurrent} className="activity-carousel">
          {files.map((f) => (
            <div key={f.key}>
              <Photo leadId={leadId} file={f} />
            </div>
          ))}
        </Carousel>
      </Image.PreviewGroup>
      <div className="activity-photos__caption">
        <Typography.Text ellipsis title={shown.filename}>
          {files.length > 1 ? `${current + 1}/${files.length} · ` : ''}
          {shown.filename}
        </Typography.Text>
        <Typography.Text type="secondary">{sizeInMb(shown.size)}</Typography.Text>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          aria-label={`Download ${shown.filename}`}
          loading={busy === shown.key}
          onClick={() => void download(shown)}
        >
          Download
        </Button>
      </div>
    </div>
  );
}
