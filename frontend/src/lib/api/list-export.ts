import type { Middleware } from 'openapi-fetch';
import { ApiError } from './errors';
import { dispositionName } from './download';

/** A list's rows as a spreadsheet: asked of the list call itself with export=xlsx (the server's api/core/exports.py). */
export interface ListExport {
  /** The screen's columns: a row's field (dotted when nested) and its header. */
  columns: { key: string; title: string }[];
  /** What the screen calls the list: the file's and the sheet's name. */
  title: string;
}

interface Pending extends ListExport {
  resolve: (file: { blob: Blob; filename: string }) => void;
  reject: (error: unknown) => void;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EMPTY_PAGE = JSON.stringify({ results: { data: [], totalRows: 0 } });

let next: Pending | null = null; // the export the next list call made (synchronously) becomes
const inFlight = new Map<string, Pending>();

/**
 * The API client's first middleware: a list call made inside `exportList` goes out as its export (its paging dropped,
 * export=xlsx and the columns added), through the other middlewares (the bearer, a refresh and retry), and its file is
 * handed to `exportList`; the list call itself resolves to an empty page.
 */
export function createListExportMiddleware(): Middleware {
  return {
    onRequest({ request, id }) {
      if (!next) return undefined;
      const pending = next;
      next = null;
      inFlight.set(id, pending);
      const url = new URL(request.url);
      url.searchParams.delete('offset');
      url.searchParams.delete('limit');
      url.searchParams.set('export', 'xlsx');
      url.searchParams.set('exportColumns', JSON.stringify(pending.columns));
      url.searchParams.set('exportTitle', pending.title);
      return new Request(url, request);
    },
    async onResponse({ response, id }) {
      const pending = inFlight.get(id);
      if (!pending) return undefined;
      inFlight.delete(id);
      if (response.ok && response.headers.get('Content-Type')?.startsWith(XLSX)) {
        const filename = dispositionName(response.headers.get('Content-Disposition')) ?? `${pending.title}.xlsx`;
        pending.resolve({ blob: await response.blob(), filename });
      } else {
        pending.reject(new ApiError(response.status, await response.json().catch(() => null)));
      }
      return new Response(EMPTY_PAGE, { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
    onError({ id, error }) {
      inFlight.get(id)?.reject(error);
      inFlight.delete(id);
    },
  };
}

/**
 * Runs a list's call (its query function: it calls the API at once) as an export of the list, with the same
 * filters, search and sort, and resolves to the file. Rejects when the call made no API call at once.
 */
export function exportList(call: () => unknown, { columns, title }: ListExport): Promise<{ blob: Blob; filename: string }> {
  return new Promise((resolve, reject) => {
    next = { columns, title, resolve, reject };
    try {
      const made = call();
      if (made instanceof Promise) made.catch(() => undefined); // its own answer (an empty page) is not used
    } catch (error) {
      reject(error);
    } finally {
      if (next) {
        next = null;
        reject(new Error('This list cannot be exported.'));
      }
    }
  });
}
