/**
 * What the activity form accepts (spec 2 §5, §9): photos and files are pdf, jpeg, jpg, png, mp3 or m4a, 15 MB
 * each, checked by name and by their first bytes (the server checks again); voice notes up to 50 MB. The server
 * takes three voice notes and ten photos and files together (api/activities/form.py): five of each here.
 */
import { DOCUMENT_TYPES, FILE_TOO_LARGE, fileExtension, UNSUPPORTED_FORMAT } from '@/lib/files';

export const MB = 1024 * 1024;
export const MAX_ATTACHMENT_BYTES = 15 * MB;
export const MAX_RECORDING_BYTES = 50 * MB;
export const MAX_RECORDINGS = 3;
export const MAX_PHOTOS = 5;
export const MAX_FILES = 5;
/** A file error clears after 5 seconds (spec 2 §5). */
export const FILE_ERROR_MS = 5000;
export const PHOTO_TYPES = ['jpeg', 'jpg', 'png'];
export const ACCEPT_FILES = DOCUMENT_TYPES.map((t) => `.${t}`).join(',');
export const ACCEPT_PHOTOS = 'image/jpeg,image/png';

type Kind = 'pdf' | 'jpeg' | 'png' | 'mp3' | 'm4a';
const KIND_OF_EXTENSION: Record<string, Kind> = { pdf: 'pdf', jpeg: 'jpeg', jpg: 'jpeg', png: 'png', mp3: 'mp3', m4a: 'm4a' };

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

/** The kind the first bytes say a file is, or null. */
export function sniff(bytes: Uint8Array): Kind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'pdf'; // %PDF
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x49, 0x44, 0x33]) || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return 'mp3';
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return 'm4a'; // ....ftyp
  return null;
}

async function head(file: Blob, n = 16): Promise<Uint8Array> {
  const slice = file.slice(0, n);
  // jsdom's Blob lacks arrayBuffer on slices in some versions; FileReader is everywhere
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(slice);
  });
}

/**
 * The spec's refusal for a photo or file, or null when it may be sent: too large, or not one of the types by its
 * name, or content that is not what its name says.
 */
export async function attachmentError(file: File, photo = false): Promise<string | null> {
  if (file.size > MAX_ATTACHMENT_BYTES) return FILE_TOO_LARGE;
  const ext = fileExtension(file.name);
  const types = photo ? PHOTO_TYPES : DOCUMENT_TYPES;
  if (!types.includes(ext)) return UNSUPPORTED_FORMAT;
  const kind = sniff(await head(file));
  return kind === KIND_OF_EXTENSION[ext] ? null : UNSUPPORTED_FORMAT;
}

/** "4,2 MB": sizes on the activity screens are in MB (spec 2 §2.9). */
export function sizeInMb(bytes: number): string {
  const mb = bytes / MB;
  const digits = mb >= 10 ? 1 : 2;
  return `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: digits, minimumFractionDigits: mb < 0.01 ? 2 : 0 }).format(Math.max(mb, bytes > 0 ? 0.01 : 0))} MB`;
}

/** The name a voice note is shown with before it is sent: '<name>-<n>' (the server names it the same). */
export function recordingName(n: number, name = 'Voice Note'): string {
  return `${name}-${n}`;
}

/** The recorder's container, by what this browser's MediaRecorder can make (Chromium webm, Safari mp4). */
export function recordingMime(isSupported: (type: string) => boolean): { mime: string; ext: string } {
  for (const [mime, ext] of [
    ['audio/webm;codecs=opus', 'webm'],
    ['audio/webm', 'webm'],
    ['audio/ogg;codecs=opus', 'ogg'],
    ['audio/mp4', 'm4a'],
  ] as const) {
    if (isSupported(mime)) return { mime, ext };
  }
  return { mime: '', ext: 'webm' };
}
