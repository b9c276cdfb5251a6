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
