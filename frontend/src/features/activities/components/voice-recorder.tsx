import { AudioOutlined, DeleteOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useObjectUrl } from '@/lib/use-object-url';
import { MAX_RECORDING_BYTES, MAX_RECORDINGS, recordingMime, recordingName, sizeInMb } from '../lib/attachments';
import { withDuration } from '../lib/recording';
import { VoiceNotePlayer } from './voice-note-player';

export const MIC_UNAVAILABLE = 'Recording is not supported by this browser.';
export const MIC_DENIED = 'The microphone could not be used. Allow it in the browser to record a voice note.';

export interface VoiceNote {
  id: number;
  file: File;
}

function Clip({ note, n, onRemove }: { note: VoiceNote; n: number; onRemove: () => void }) {
  const url = useObjectUrl(note.file);
  return (
    <div className="activity-clip" data-testid="voice-note">
      <div className="activity-clip__head">
        <Typography.Text strong>{recordingName(n)}</Typography.Text>
        <Typography.Text type="secondary">{sizeInMb(note.file.size)}</Typography.Text>
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`Remove ${recordingName(n)}`}
          onClick={onRemove}
        />
      </div>
      {url && <VoiceNotePlayer src={url} label={recordingName(n)} />}
    </div>
  );
}

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return `${String(m).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Voice notes recorded with the browser's MediaRecorder (spec 2 §2.8): record, stop, preview, remove; up to three,
 * each stopped at 50 MB. Each note is a File named 'Voice Note.<ext>' (the server numbers it '<name>-<n>').
 */
export function VoiceRecorder({ value, onChange }: { value: VoiceNote[]; onChange: (notes: VoiceNote[]) => void }) {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const latest = useRef(value);
  latest.current = value;

  useEffect(
    () => () => {
      const r = recorder.current;
      if (r && r.state !== 'inactive') r.stop();
    },
    [],
  );

  useEffect(() => {
    if (!recording) return undefined;
    const timer = window.setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => window.clearInterval(timer);
  }, [recording]);

  const start = async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError(MIC_UNAVAILABLE);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(MIC_DENIED);
      return;
    }
    const { mime, ext } = recordingMime((t) => MediaRecorder.isTypeSupported(t));
    const r = new MediaRecorder(stream, mime ? { mimeType: mime } : undefined);
    const chunks: Blob[] = [];
    let size = 0;
    r.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      chunks.push(e.data);
      size += e.data.size;
      if (size >= MAX_RECORDING_BYTES - 1024 * 1024 && r.state === 'recording') r.stop();
    };
    let startedAt = 0;
    r.onstop = () => {
      const length = performance.now() - startedAt;
      stream.getTracks().forEach((t) => t.stop());
      setRecording(false);
      recorder.current = null;
      if (size === 0) return;
      const type = (r.mimeType || mime || 'audio/webm').split(';')[0];
      void withDuration(new Blob(chunks, { type }), length).then((blob) => {
        const file = new File([blob], `Voice Note.${ext}`, { type });
        onChange([...latest.current, { id: Date.now(), file }]);
      });
    };
    recorder.current = r;
    r.start(1000); // a chunk a second, so the 50 MB stop is checked as it grows
    startedAt = performance.now();
    setSeconds(0);
    setRecording(true);
  };

  const stop = () => recorder.current?.stop();
  const full = value.length >= MAX_RECORDINGS;

  return (
    <div className="activity-voice">
      {value.map((note, i) => (
        <Clip key={note.id} note={note} n={i + 1} onRemove={() => onChange(value.filter((v) => v.id !== note.id))} />
      ))}
      {recording ? (
        <Button danger icon={<StopOutlined />} onClick={stop} block className="activity-voice__button">
          Stop recording · <span className="activity-voice__clock">{clock(seconds)}</span>
        </Button>
      ) : (
        <Button icon={<AudioOutlined />} onClick={() => void start()} disabled={full} block className="activity-voice__button">
          {full ? `Up to ${MAX_RECORDINGS} voice notes` : 'Record a voice note'}
        </Button>
      )}
      {error && <Alert type="warning" showIcon title={error} className="activity-voice__error" />}
    </div>
  );
}
