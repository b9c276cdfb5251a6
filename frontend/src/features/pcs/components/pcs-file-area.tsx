import { CloseOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Typography, Upload } from 'antd';
import { useState } from 'react';
import { saveBlob } from '@/lib/api/download';
import { downloadPcsFile } from '../api/pcs-api';
import type { PcsFile } from '../api/types';
import { DOWNLOAD_ERROR_SECONDS, DOWNLOAD_FAILED } from '@/lib/files';
import { pcsFileError, SHEET_ACCEPT, sizeInMb } from '../lib/files';
import { FILE_REQUIRED } from '../lib/sheet';

export interface PcsFileAreaProps {
  /** The stored file of this revision (null when none or removed). */
  file: PcsFile | null;
  /** A file chosen in this session, not yet sent. */
  upload: File | null;
  locked: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/**
 * The PCS spreadsheet (spec §2.4): name and size in Mb, a click downloads it, a remove icon unless locked;
 * an upload control when there is none, refusing big and non-spreadsheet files before sending.
 */
export function PcsFileArea({ file, upload, locked, onChoose, onRemove }: PcsFileAreaProps) {
  const { notification } = App.useApp();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (upload) {
      saveBlob(upload, upload.name);
      return;
    }
    if (!file) return;
    setBusy(true);
    try {
      await downloadPcsFile(file.filename, file.displayName);
    } catch {
      notification.error({ title: DOWNLOAD_FAILED, placement: 'bottom', duration: DOWNLOAD_ERROR_SECONDS });
    } finally {
      setBusy(false);
    }
  };

  const shown = upload ? { name: upload.name, size: upload.size } : file ? { name: file.displayName, size: file.size } : null;

  if (shown) {
    return (
      <div className="pcs-file" data-testid="pcs-file">
        <FileExcelOutlined className="pcs-file__icon" />
        <button type="button" className="pcs-file__name" onClick={() => void download()} disabled={busy} title={`Download ${shown.name}`}>
          {shown.name}
        </button>
        <Typography.Text type="secondary" className="pcs-file__size">
          {sizeInMb(shown.size)}
        </Typography.Text>
        {!locked && (
          <Button
            size="small"
            type="text"
            danger
            icon={<CloseOutlined />}
            aria-label="Remove PCS file"
            onClick={() => {
              setRefusal(null);
              onRemove();
            }}
          />
        )}
      </div>
    );
  }

  if (locked) {
    return <Typography.Text type="secondary">No PCS file.</Typography.Text>;
  }

  return (
    <div className="pcs-upload">
      <Upload
        accept={SHEET_ACCEPT}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(chosen) => {
          const error = pcsFileError(chosen);
          setRefusal(error);
          if (!error) onChoose(chosen);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>Upload PCS File</Button>
      </Upload>
      <div className="pcs-upload__messages">
        {refusal && (
          <Typography.Text type="danger" role="alert">
            {refusal}
          </Typography.Text>
        )}
        <Typography.Text type="danger">{FILE_REQUIRED}</Typography.Text>
      </div>
    </div>
  );
}
