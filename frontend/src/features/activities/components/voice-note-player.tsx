import { Typography } from 'antd';
import { useState, type SyntheticEvent } from 'react';
import { formatClock } from '@/lib/format';

/**
 * A voice note's player and its length ("0:07"). A note recorded before its WebM carried a duration (Chromium's
 * MediaRecorder writes none; the recorder now adds it, lib/recording) would play as "0:00 / 0:00": the player then
 * asks the browser to read the file to its end, which makes it learn the length, and goes back to the start.
 */
export function VoiceNotePlayer({ src, label }: { src: string; label: string }) {
  const [seconds, setSeconds] = useState<number | null>(null);

  const known = (audio: HTMLAudioElement) => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) {
      setSeconds(audio.duration);
      return true;
    }
    return false;
  };
  const onLoadedMetadata = ({ currentTarget: audio }: SyntheticEvent<HTMLAudioElement>) => {
    if (known(audio) || audio.duration !== Infinity) return;
    const found = () => {
      if (!known(audio)) return;
      audio.removeEventListener('durationchange', found);
      audio.currentTime = 0;
    };
    audio.addEventListener('durationchange', found);
    audio.currentTime = Number.MAX_SAFE_INTEGER; // read to the end: the length is known there
  };

  return (
    <div className="activity-clip__body">
      <audio
        controls
        src={src}
        preload="metadata"
        className="activity-clip__player"
        aria-label={label}
        onLoadedMetadata={onLoadedMetadata}
        onDurationChange={(e) => known(e.currentTarget)}
      />
      {seconds !== null && (
        <Typography.Text type="secondary" className="activity-clip__length" data-testid="voice-note-length">
          {formatClock(seconds)}
        </Typography.Text>
      )}
    </div>
  );
}
