import { backoffDelay, parseSse } from './sse-parser';

describe('parseSse', () => {
  it('splits the stream into events and keeps the unfinished rest', () => {
    const { events, rest } = parseSse('event: ready\ndata: {}\n\nevent: notification\ndata: {"id":1}\n\nevent: notif');
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'notification', data: '{"id":1}' },
    ]);
    expect(rest).toBe('event: notif');
  });

  it('completes an event split across chunks', () => {
    const first = parseSse('event: notification\nda');
    expect(first.events).toEqual([]);
    const second = parseSse(`${first.rest}ta: changed\n\n`);
    expect(second.events).toEqual([{ event: 'notification', data: 'changed' }]);
    expect(second.rest).toBe('');
  });

  it('ignores keep-alive comments and joins multi-line data', () => {
    const { events } = parseSse(': keep-alive\n\ndata: line 1\ndata: line 2\n\n');
    expect(events).toEqual([{ event: 'message', data: 'line 1\nline 2' }]);
  });

  it('accepts CRLF line ends, ids, retry and fields without a space', () => {
    const { events, rest } = parseSse('id: 7\r\nretry: 3000\r\nevent:notification\r\ndata:x\r\n\r\n');
    expect(events).toEqual([{ event: 'notification', data: 'x', id: '7', retry: 3000 }]);
    expect(rest).toBe('');
  });

  it('ignores unknown fields and blocks with nothing to dispatch', () => {
    expect(parseSse('foo: bar\n\n').events).toEqual([]);
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s and adds at most 20 % jitter', () => {
    expect(backoffDelay(0, () => 0)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(8000);
    expect(backoffDelay(10, () => 0)).toBe(30_000);
    expect(backoffDelay(1, () => 1)).toBe(2400);
  });
});
