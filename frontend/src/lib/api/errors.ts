export const DEFAULT_ERROR_MESSAGE = 'got errors';

/** A non-2xx answer from the API, carrying the server's messages (or ["got errors"]). */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly type: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const messages = extractMessages(body);
    super(messages.join('\n'));
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.body = body;
    this.type =
      body && typeof body === 'object' && typeof (body as { type?: unknown }).type === 'string'
        ? (body as { type: string }).type
        : undefined;
  }

  /** The first server message. */
  get firstMessage(): string {
    return this.messages[0] ?? DEFAULT_ERROR_MESSAGE;
  }
}

function extractMessages(body: unknown): string[] {
  if (body && typeof body === 'object') {
    const { messages } = body as { messages?: unknown };
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
      if (texts.length > 0) return texts;
    }
  }
  return [DEFAULT_ERROR_MESSAGE];
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A save refused because someone else changed the record since it was opened (409, api/core/versions.py): the
 *  form says so and offers to reload (components/stale-alert). */
export function isStale(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409 && error.type === 'StaleVersion';
}

/** The message to show a person for any thrown value, or the fallback when there is none. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (isApiError(error)) {
    const real = error.messages.filter((m) => m !== DEFAULT_ERROR_MESSAGE);
    if (real.length > 0) return real.join(' ');
    return fallback ?? DEFAULT_ERROR_MESSAGE;
  }
  if (fallback) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return DEFAULT_ERROR_MESSAGE;
}

/** What a refusal with no message of its own says. */
export const OOPS = 'Oops.. something went wrong';

/** What a dashboard or report that could not load says when the server gave no message (spec 2 §8). */
export const LOAD_FAILED = 'Oops... something went wrong';

/** The server's messages of a refusal, or FastAPI's 422 list joined as one message; none otherwise. */
export function serverMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const real = error.messages.filter((m) => m !== DEFAULT_ERROR_MESSAGE);
  if (real.length > 0) return real;
  // the field errors of a 422: [{field, message}]
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  const texts = fields.map((d) => (d && typeof d === 'object' ? (d as { message?: unknown }).message : undefined));
  const found = texts.filter((t): t is string => typeof t === 'string');
  return found.length > 0 ? [found.join(' ')] : [];
}

/** What a form shows when it was refused: the server's messages (serverMessages), or one message for any other
 *  failure (errorMessage, with the fallback). */
export function formMessages(error: unknown, fallback?: string): string[] {
  const messages = serverMessages(error);
  return messages.length > 0 ? messages : [errorMessage(error, fallback)];
}
