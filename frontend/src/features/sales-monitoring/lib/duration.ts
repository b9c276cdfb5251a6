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

/** How long ago `at` was at `now`, in words: "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago". */
export function agoLabel(at: string | number | Date, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(at).getTime()) / 60000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}
