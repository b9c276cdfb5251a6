import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { App, Button, Empty, Typography } from 'antd';
import { useState } from 'react';
import { downloadLeadFile } from '../api/leads-api';
import type { LeadDetail, LeadFileKind } from '../api/types';
import { DOWNLOAD_ERROR_SECONDS, DOWNLOAD_FAILED, FILE_KINDS, fileSizeText } from '@/lib/files';

/** The lead's proposal, PCS file and customer confirmation, each downloadable. */
export function LeadFiles({ lead }: { lead: LeadDetail }) {
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<LeadFileKind | null>(null);
  const files = FILE_KINDS.map((k) => ({ ...k, file: lead[k.kind] })).filter((f) => f.file);

  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Uploaded File." />;

  const download = async (kind: LeadFileKind, name: string) => {
    setBusy(kind);
    try {
      await downloadLeadFile(lead.id, kind, name);
    } catch {
      notification.error({ title: DOWNLOAD_FAILED, placement: 'bottom', duration: DOWNLOAD_ERROR_SECONDS });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      {files.map(({ kind, label, file }) => (
        <div key={kind} className="lead-file">
          <div style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {label}
            </Typography.Text>
            <div>
              <FileOutlined />{' '}
              <Typography.Text ellipsis style={{ maxWidth: 200 }} title={file!.name}>
                {file!.name}
              </Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {fileSizeText(file!.size)}
              </Typography.Text>
            </div>
          </div>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={`Download ${label}`}
            loading={busy === kind}
            onClick={() => void download(kind, file!.name)}
          />
        </div>
      ))}
    </div>
  );
}
