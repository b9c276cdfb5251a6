import { CameraOutlined, DeleteOutlined, FileOutlined, PaperClipOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useObjectUrl } from '@/lib/use-object-url';
import {
  ACCEPT_FILES,
  ACCEPT_PHOTOS,
  attachmentError,
  FILE_ERROR_MS,
  MAX_FILES,
  MAX_PHOTOS,
} from '../lib/attachments';
import { FileRow } from './file-row';

export interface Attachment {
  id: number;
  file: File;
}

let nextId = 1;

function Thumb({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return url ? <img src={url} alt="" className="activity-attachment__thumb" /> : <PictureOutlined />;
}

/** A message under the picker that clears itself after 5 seconds (spec 2 §5). */
function useFleetingError(): [string | null, (message: string | null) => void] {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!error) return undefined;
    const timer = setTimeout(() => setError(null), FILE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);
  return [error, setError];
}

interface PickerProps {
  value: Attachment[];
  onChange: (value: Attachment[]) => void;
  /** Photos: jpeg and png, from the camera or the files; otherwise any of the spec's document types. */
  photos?: boolean;
}

/** Photos or files of the activity: each checked by size and content before it is kept, shown with its size. */
export function AttachmentPicker({ value, onChange, photos = false }: PickerProps) {
  const [error, setError] = useFleetingError();
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const max = photos ? MAX_PHOTOS : MAX_FILES;
  const noun = photos ? 'photo' : 'file';

  const add = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const kept: Attachment[] = [];
    for (const file of files) {
      if (value.length + kept.length >= max) {
        setError(`Up to ${max} ${noun}s per activity`);
        break;
      }
      const refusal = await attachmentError(file, photos);
      if (refusal) {
        setError(refusal);
        continue;
      }
      kept.push({ id: nextId++, file });
    }
    if (kept.length > 0) onChange([...value, ...kept]);
  };

  const input = (ref: typeof camera, capture: boolean, label: string) => (
    <input
      ref={ref}
      type="file"
      className="activity-attachments__input"
      style={{ display: 'none' }}
      multiple={!capture}
      accept={photos ? ACCEPT_PHOTOS : ACCEPT_FILES}
      capture={capture ? 'environment' : undefined}
      aria-label={label}
      onChange={(e) => {
        void add(e.target.files);
        e.target.value = '';
      }}
    />
  );

  return (
    <div className="activity-attachments">
      {value.length > 0 && (
        <ul className="activity-attachments__list">
          {value.map(({ id, file }) => (
            <FileRow
              key={id}
              icon={photos ? <Thumb file={file} /> : <FileOutlined />}
              name={file.name}
              size={file.size}
              action={
                <Button
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onChange(value.filter((a) => a.id !== id))}
                />
              }
            />
          ))}
        </ul>
      )}
      <div className="activity-attachments__buttons">
        {photos && (
          <Button icon={<CameraOutlined />} onClick={() => camera.current?.click()} disabled={value.length >= max}>
            Take photo
          </Button>
        )}
        <Button
          icon={photos ? <PictureOutlined /> : <PaperClipOutlined />}
          onClick={() => picker.current?.click()}
          disabled={value.length >= max}
        >
          {photos ? 'Choose photos' : 'Attach files'}
        </Button>
      </div>
      {photos && input(camera, true, 'Take a photo')}
      {input(picker, false, photos ? 'Choose photos' : 'Attach files')}
      <Typography.Text type="secondary" className="activity-attachments__hint">
        {photos ? 'JPEG or PNG' : 'PDF, JPEG, JPG, PNG, MP3 or M4A'}, up to 15 MB each, {max} at most.
      </Typography.Text>
      {error && (
        <Typography.Text type="danger" role="alert" className="activity-attachments__error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
