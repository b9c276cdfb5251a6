import dayjs from 'dayjs';

/** "1 – 5 Dec 2026", "28 Nov – 2 Dec 2026", "3 Dec 2026". */
export function periodText(startsOn: string, endsOn: string): string {
  const start = dayjs(startsOn);
  const end = dayjs(endsOn);
  if (start.isSame(end, 'day')) return end.format('D MMM YYYY');
  if (start.isSame(end, 'month')) return `${start.format('D')} – ${end.format('D MMM YYYY')}`;
  if (start.isSame(end, 'year')) return `${start.format('D MMM')} – ${end.format('D MMM YYYY')}`;
  return `${start.format('D MMM YYYY')} – ${end.format('D MMM YYYY')}`;
}
