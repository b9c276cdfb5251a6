import { describe, expect, it } from 'vitest';
import { agoLabel, connectionsLabel, onlineDuration } from './duration';

describe('onlineDuration', () => {
  const since = '2026-11-27T08:00:00Z';
  const at = (iso: string) => new Date(iso).getTime();

  it('counts hours, minutes and seconds as hh:mm:ss', () => {
    expect(onlineDuration(since, at('2026-11-27T08:00:00Z'))).toBe('00:00:00');
    expect(onlineDuration(since, at('2026-11-27T09:02:05Z'))).toBe('01:02:05');
  });

  it('goes past 24 hours instead of wrapping, and is never negative', () => {
    expect(onlineDuration(since, at('2026-11-28T10:03:10Z'))).toBe('26:03:10');
    expect(onlineDuration(since, at('2026-11-27T07:59:00Z'))).toBe('00:00:00');
  });
});

describe('connectionsLabel', () => {
  it('names tabs and devices, singular and plural', () => {
    expect(connectionsLabel(1, 0)).toBe('1 tab');
    expect(connectionsLabel(2, 1)).toBe('2 tabs · 1 device');
    expect(connectionsLabel(0, 2)).toBe('2 devices');
  });
});

describe('agoLabel', () => {
  const now = new Date('2026-11-27T12:00:00Z').getTime();
  it('says how long ago someone was last seen, in the largest whole unit', () => {
    expect(agoLabel('2026-11-27T11:59:30Z', now)).toBe('just now');
    expect(agoLabel('2026-11-27T11:55:00Z', now)).toBe('5 min ago');
    expect(agoLabel('2026-11-27T09:00:00Z', now)).toBe('3 h ago');
    expect(agoLabel('2026-11-26T09:00:00Z', now)).toBe('yesterday');
    expect(agoLabel('2026-11-23T09:00:00Z', now)).toBe('4 days ago');
  });
});
