import fixWebmDuration from 'fix-webm-duration';

/**
 * A recording as the players can read it. Chromium's MediaRecorder writes a WebM without its duration (it streams, and
 * never goes back to the header), so every player, ours and the browser's own, showed such a voice note as
 * "0:00 / 0:00"; fix-webm-duration writes the length the recorder measured into the file's header before it is
 * kept or uploaded. Other types (a recorder that makes mp4 or ogg) carry their duration already and pass unchanged,
 * as does a WebM the library cannot read.
 */
export async function withDuration(blob: Blob, milliseconds: number): Promise<Blob> {
  if (!blob.type.includes('webm') || !(milliseconds > 0)) return blob;
  try {
    return await fixWebmDuration(blob, milliseconds, { logger: false });
  } catch {
    return blob;
  }
}
