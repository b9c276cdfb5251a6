/** One server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseEvent {
  /** The `event:` field; "message" when absent. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
  id?: string;
  retry?: number;
}

export interface SseParseResult {
  events: SseEvent[];
  /** The unfinished tail, to prepend to the next chunk. */
  rest: string;
}

// An event ends at a blank line; lines end with \r\n, \n or \r.
const BLOCK_END = /\r\n\r\n|\n\n|\r\r|\r\n\n|\n\r\n/;

function parseBlock(block: string): SseEvent | null {
  let event = '';
  const data: string[] = [];
  let id: string | undefined;
  let retry: number | undefined;
  let hasData = false;
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (line === '' || line.startsWith(':')) continue; // comments keep the connection alive
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        event = value;
        break;
      case 'data':
        data.push(value);
        hasData = true;
        break;
      case 'id':
        id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retry = Number(value);
        break;
      default:
        break; // unknown fields are ignored
    }
  }
  if (!hasData && !event) return null;
  return {
    event: event || 'message',
    data: data.join('\n'),
    ...(id !== undefined ? { id } : {}),
    ...(retry !== undefined ? { retry } : {}),
  };
}

/** Splits a text/event-stream buffer into complete events and the unfinished rest. */
export function parseSse(buffer: string): SseParseResult {
  const events: SseEvent[] = [];
  let rest = buffer;
  for (;;) {
    const match = BLOCK_END.exec(rest);
    if (!match) break;
    const block = rest.slice(0, match.index);
    rest = rest.slice(match.index + match[0].length);
    const event = parseBlock(block);
    if (event) events.push(event);
  }
  return { events, rest };
}

/** Reconnect delay: 1 s doubling to 30 s, plus up to 20 % jitter so tabs do not reconnect together. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base + base * 0.2 * random());
}
