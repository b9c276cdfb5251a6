import { Empty, Tooltip, Typography } from 'antd';
import { businessTime, formatDate, formatDayMonth, formatWeekday, isoDate } from '@/lib/format';
import type { ActivityCell } from '../lib/types';

/** Monday to the following Monday (spec 2 §2.6). */
const DAYS = 8;

interface Person {
  id: number;
  name: string;
  counts: Map<string, number>;
}

function people(cells: ActivityCell[]): Person[] {
  const byId = new Map<number, Person>();
  for (const cell of cells) {
    const person = byId.get(cell.salesId) ?? { id: cell.salesId, name: cell.name, counts: new Map() };
    person.counts.set(cell.activityDate, (person.counts.get(cell.activityDate) ?? 0) + cell.count);
    byId.set(cell.salesId, person);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The share of the busiest cell a count makes, as the cell's shade (never invisible when there was anything). */
export function shade(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return 0.15 + (0.85 * count) / max;
}

/** Stage changes of each sales person's leads per day of the week (TOP_MANAGEMENT and TL dashboards). */
export function ActivityGrid({ cells, weekStart }: { cells: ActivityCell[]; weekStart: string }) {
  const start = businessTime(weekStart)!;
  const caption = (
    <Typography.Text type="secondary" className="activity-grid__caption">
      Stage changes of each sales person&apos;s leads, {formatDate(start)} – {formatDate(start.add(DAYS - 1, 'day'))}
    </Typography.Text>
  );
  if (cells.length === 0) {
    return (
      <>
        {caption}
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Data." />
      </>
    );
  }
  const days = Array.from({ length: DAYS }, (_, i) => start.add(i, 'day'));
  const rows = people(cells);
  const max = Math.max(...cells.map((c) => c.count));
  return (
    <>
      {caption}
      <div className="activity-grid" role="table" aria-label="Stage changes per sales person and day">
        <div className="activity-grid__row activity-grid__row--head" role="row">
          <span role="columnheader" className="activity-grid__name">
            Sales person
          </span>
          {days.map((day) => (
            <span role="columnheader" key={isoDate(day)} className="activity-grid__day">
              <span>{formatWeekday(day)}</span>
              <span className="activity-grid__date">{formatDayMonth(day)}</span>
            </span>
          ))}
        </div>
        {rows.map((person) => (
          <div className="activity-grid__row" role="row" key={person.id}>
            <span role="rowheader" className="activity-grid__name" title={person.name}>
              {person.name}
            </span>
            {days.map((day) => {
              const count = person.counts.get(isoDate(day)) ?? 0;
              const level = shade(count, max);
              return (
                <Tooltip key={isoDate(day)} title={`${person.name}, ${formatDate(day)}: ${count} stage change${count === 1 ? '' : 's'}`}>
                  <span
                    role="cell"
                    className={`activity-grid__cell${level > 0.55 ? ' is-strong' : ''}`}
                    style={{ background: level ? `rgba(29, 78, 216, ${level.toFixed(2)})` : undefined }}
                  >
                    {count || ''}
                  </span>
                </Tooltip>
              );
            })}
          </div>
        ))}
      </div>
    </>
  );
}
