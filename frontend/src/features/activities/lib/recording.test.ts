import { withDuration } from './recording';

/** A WebM as Chromium's MediaRecorder writes it: its header, and a segment of unknown size whose Info has a
 *  timecode scale but no Duration. */
function recorderWebm(): Uint8Array<ArrayBuffer> {
  const docType = [0x42, 0x82, 0x84, ...new TextEncoder().encode('webm')];
  const header = [0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length, ...docType];
  const info = [0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40]; // TimecodeScale 1,000,000 ns
  const segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0x15, 0x49, 0xa9, 0x66, 0x80 | info.length, ...info];
  return new Uint8Array([...header, ...segment]);
}

/** The Duration element's value (ms at this scale), or null when the file has none. */
function duration(bytes: Uint8Array): number | null {
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (bytes[i] === 0x44 && bytes[i + 1] === 0x89) {
      const size = bytes[i + 2] & 0x7f;
      const view = new DataView(bytes.buffer, bytes.byteOffset + i + 3, size);
      return size === 8 ? view.getFloat64(0) : view.getFloat32(0);
    }
  }
  return null;
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('withDuration', () => {
  it('writes the measured length into a WebM that has none', async () => {
    const recorded = new Blob([recorderWebm()], { type: 'audio/webm' });
    expect(duration(await bytesOf(recorded))).toBeNull();
    const fixed = await withDuration(recorded, 7_200);
    expect(fixed.type).toBe('audio/webm');
    expect(duration(await bytesOf(fixed))).toBe(7_200);
  });

  it('passes other types and unreadable files unchanged', async () => {
    const mp4 = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/mp4' });
    expect(await withDuration(mp4, 5_000)).toBe(mp4);
    const broken = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });
    expect(await bytesOf(await withDuration(broken, 5_000))).toEqual(new Uint8Array([1, 2, 3]));
  });
});
