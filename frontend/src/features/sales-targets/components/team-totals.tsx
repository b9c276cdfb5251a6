import { Card, Skeleton, Typography } from 'antd';
import { formatIDR, formatNumber } from '@/lib/format';
import type { TargetPage } from '../api/targets-api';

const people = (n: number) => `${formatNumber(n)} sales ${n === 1 ? 'person' : 'people'}`;

/**
 * The year's grand total and what each team adds up to (every sales person the user sees, whatever the search):
 * the total large on the left, one line per team leader with its share of the total.
 */
export function TeamTotals({ page, loading }: { page: TargetPage | undefined; loading: boolean }) {
  if (!page) {
    return (
      <Card variant="borderless" className="target-totals">
        <Skeleton active={loading} paragraph={{ rows: 2 }} title={false} />
      </Card>
    );
  }
  const members = page.teams.reduce((sum, t) => sum + t.members, 0);
  return (
    <Card variant="borderless" className="target-totals">
      <section className="target-totals__grand" aria-label={`Total target ${page.year}`}>
        <Typography.Text type="secondary" className="target-totals__label">
          Total target {page.year}
        </Typography.Text>
        <div className="target-totals__amount" data-testid="target-total">
          {formatIDR(page.totalAmount)}
        </div>
        <Typography.Text type="secondary">
          {people(members)} in {formatNumber(page.teams.length)} {page.teams.length === 1 ? 'team' : 'teams'}
        </Typography.Text>
      </section>
      <ul className="target-totals__teams" aria-label="Team totals">
        {page.teams.length === 0 && (
          <li className="target-team target-team--none">
            <Typography.Text type="secondary">No sales people yet.</Typography.Text>
          </li>
        )}
        {page.teams.map((team) => {
          const share = page.totalAmount > 0 ? (team.amount / page.totalAmount) * 100 : 0;
          return (
            <li key={team.leaderId ?? 'none'} className="target-team" aria-label={`Team ${team.leaderName}`}>
              <div className="target-team__head">
                <span className="target-team__name">{team.leaderName}</span>
                <span className="target-team__amount">{formatIDR(team.amount)}</span>
              </div>
              <div className="target-team__bar" aria-hidden>
                <span style={{ width: `${share}%` }} />
              </div>
              <Typography.Text type="secondary" className="target-team__members">
                {people(team.members)}
                {page.totalAmount > 0 && ` · ${formatNumber(share, 1)}% of the total`}
              </Typography.Text>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
