const two = (n: number) => String(n).padStart(2, '0');

/** How long since `since` at `now`, as hh:mm:ss (hours go past 24: "26:03:10"); never negative. */
export function onlineDuration(since: string | number | Date, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(since).getTime()) / 1000));
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** "2 tabs · 1 device", "1 tab". */
export function connectionsLabel(tabs: number, devices: number): string {
  const parts = [];
  if (tabs > 0) parts.push(`${tabs} ${tabs === 1 ? 'tab' : 'tabs'}`);
  if (devices > 0) parts.push(`${devices} ${devices === 1 ? 'device' : 'devices'}`);
  return parts.join(' · ');
}
