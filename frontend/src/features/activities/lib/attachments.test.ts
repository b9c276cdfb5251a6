import { attachmentError, recordingMime, recordingName, sizeInMb, sniff } from './attachments';

const file = (bytes: number[], name: string, size?: number) => {
  const f = new File([new Uint8Array(bytes)], name);
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];
const M4A = [0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41];

describe('activity attachments', () => {
  it('knows a file by its first bytes', () => {
    expect(sniff(new Uint8Array(PDF))).toBe('pdf');
    expect(sniff(new Uint8Array(PNG))).toBe('png');
    expect(sniff(new Uint8Array(JPEG))).toBe('jpeg');
    expect(sniff(new Uint8Array(M4A))).toBe('m4a');
    expect(sniff(new Uint8Array([0x49, 0x44, 0x33, 3]))).toBe('mp3');
    expect(sniff(new Uint8Array([0x50, 0x4b, 3, 4]))).toBeNull();
  });

  it('accepts the spec types whose content matches their name', async () => {
    expect(await attachmentError(file(PDF, 'minutes.pdf'))).toBeNull();
    expect(await attachmentError(file(JPEG, 'site.JPG'))).toBeNull();
    expect(await attachmentError(file(M4A, 'call.m4a'))).toBeNull();
    expect(await attachmentError(file(PNG, 'site.png'), true)).toBeNull();
  });

  it('refuses other types, content that lies about its name, and files over 15 MB', async () => {
    expect(await attachmentError(file(PDF, 'sheet.xlsx'))).toBe('Unsupported file format');
    expect(await attachmentError(file(PDF, 'photo.png'))).toBe('Unsupported file format');
    expect(await attachmentError(file(PDF, 'minutes.pdf'), true)).toBe('Unsupported file format');
    expect(await attachmentError(file(PDF, 'big.pdf', 15 * 1024 * 1024 + 1))).toBe('File is too large');
    expect(await attachmentError(file(PDF, 'edge.pdf', 15 * 1024 * 1024))).toBeNull();
  });

  it('shows sizes in MB and names voice notes <name>-<n>', () => {
    expect(sizeInMb(4.25 * 1024 * 1024)).toBe('4,25 MB');
    expect(sizeInMb(12.34 * 1024 * 1024)).toBe('12,3 MB');
    expect(sizeInMb(300)).toBe('0,01 MB');
    expect(recordingName(2)).toBe('Voice Note-2');
  });

  it('records in the first container the browser can make', () => {
    expect(recordingMime((t) => t === 'audio/mp4')).toEqual({ mime: 'audio/mp4', ext: 'm4a' });
    expect(recordingMime(() => true).ext).toBe('webm');
  });
});
