import { DeleteOutlined, FileOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { LeadFileInfo, LeadFileKind, LeadUploads } from '../../api/types';
import { FILE_KINDS, fileSizeText, MAX_FILE_BYTES } from '@/lib/files';
import { LeadFilePicker } from '../file-picker';

export interface FilesStepProps {
  stored: Partial<Record<LeadFileKind, LeadFileInfo | null>>;
  uploads: LeadUploads;
  removed: LeadFileKind[];
  onChoose: (kind: LeadFileKind, file: File | undefined) => void;
  onToggleRemove: (kind: LeadFileKind) => void;
}

function FileField({
  kind,
  label,
  types,
  stored,
  chosen,
  removed,
  onChoose,
  onToggleRemove,
}: {
  kind: LeadFileKind;
  label: string;
  types: string[];
  stored: LeadFileInfo | null | undefined;
  chosen: File | undefined;
  removed: boolean;
  onChoose: (file: File | undefined) => void;
  onToggleRemove: () => void;
}) {
  return (
    <div className="lead-file-field" data-kind={kind}>
      <Typography.Text strong>{label}</Typography.Text>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {types.map((t) => `.${t}`).join(', ')} · up to {MAX_FILE_BYTES / (1024 * 1024)} MB
        </Typography.Text>
      </div>
      {stored && !chosen && (
        <div className="lead-file-field__current">
          <FileOutlined />
          <Typography.Text delete={removed} ellipsis style={{ maxWidth: 320 }}>
            {stored.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {fileSizeText(stored.size)}
          </Typography.Text>
          <Button
            size="small"
            type="text"
            danger={!removed}
            aria-label={removed ? `Keep ${label}` : `Remove ${label}`}
            icon={removed ? <UndoOutlined /> : <DeleteOutlined />}
            onClick={onToggleRemove}
          />
        </div>
      )}
      {chosen && (
        <div className="lead-file-field__current">
          <FileOutlined />
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>
            {chosen.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {fileSizeText(chosen.size)} · new
          </Typography.Text>
          <Button
            size="small"
            type="text"
            danger
            aria-label={`Drop new ${label}`}
            icon={<DeleteOutlined />}
            onClick={() => onChoose(undefined)}
          />
        </div>
      )}
      <LeadFilePicker kind={kind} onChoose={onChoose} button={{ style: { marginTop: 8 } }}>
        {stored || chosen ? `Replace ${label}` : `Upload ${label}`}
      </LeadFilePicker>
    </div>
  );
}

/** Step 4: proposal, PCS file and customer confirmation, checked here before they are sent. */
export function FilesStep({ stored, uploads, removed, onChoose, onToggleRemove }: FilesStepProps) {
  return (
    <div>
      {FILE_KINDS.map((k) => (
        <FileField
          key={k.kind}
          kind={k.kind}
          label={k.label}
          types={k.types}
          stored={stored[k.kind]}
          chosen={uploads[k.kind]}
          removed={removed.includes(k.kind)}
          onChoose={(file) => onChoose(k.kind, file)}
          onToggleRemove={() => onToggleRemove(k.kind)}
        />
      ))}
    </div>
  );
}
