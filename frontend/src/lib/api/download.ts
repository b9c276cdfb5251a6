/**
 * Files that need the bearer token are fetched through the API client as blobs and saved from here.
 * Used by the lead files, the cost sheet (file and PDF) and the PID screens.
 */
import { ApiError } from '@/lib/api/errors';

type BlobCall = Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Awaits a call made with `parseAs: 'blob'`; a non-2xx answer (or no body) throws an ApiError. */
export async function blobOf(call: BlobCall): Promise<Blob> {
  const { data, error, response } = await call;
  const body = data as Blob | undefined;
  if (!response.ok || typeof body?.arrayBuffer !== 'function') throw new ApiError(response.status, error);
  return body;
}

/** The same, as a PDF: re-wrapped in this realm's Blob, since the iframe and a mail upload both need the type. */
export async function pdfOf(call: BlobCall): Promise<Blob> {
  const blob = await blobOf(call);
  return new Blob([await blob.arrayBuffer()], { type: 'application/pdf' });
}

/** The file name a Content-Disposition header gives (filename*=UTF-8'' first), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) return decodeURIComponent(encoded[1].trim());
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/** Awaits a blob call and keeps the name the server gave the file (its Content-Disposition), or `fallback`. */
export async function namedBlobOf(call: BlobCall, fallback: string): Promise<{ blob: Blob; filename: string }> {
  const { response } = await call;
  const blob = await blobOf(call);
  return { blob, filename: dispositionName(response.headers.get('Content-Disposition')) ?? fallback };
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
