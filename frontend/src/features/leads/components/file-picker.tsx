import { UploadOutlined } from '@ant-design/icons';
import { Button, Typography, Upload, type ButtonProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { LeadFileKind } from '../api/types';
import { acceptOf, fileError } from '@/lib/files';

/** A file error clears after 5 seconds (spec §5). */
const ERROR_CLEAR_MS = 5000;

/**
 * The upload button of a lead file (edit wizard and stage pages): the file is checked here, kept to send when
 * it passes, and its refusal shown under the button otherwise.
 */
export function LeadFilePicker({
  kind,
  onChoose,
  button,
  children,
}: {
  kind: LeadFileKind;
  onChoose: (file: File) => void;
  button?: Omit<ButtonProps, 'icon' | 'children'>;
  children: ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ERROR_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  return (
    <>
      <Upload
        accept={acceptOf(kind)}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          const refusal = fileError(kind, file);
          setError(refusal);
          if (!refusal) onChoose(file);
          return refusal ? Upload.LIST_IGNORE : false;
        }}
      >
        <Button {...button} icon={<UploadOutlined />}>
          {children}
        </Button>
      </Upload>
      {error && (
        <div role="alert">
          <Typography.Text type="danger">{error}</Typography.Text>
        </div>
      )}
    </>
  );
}
