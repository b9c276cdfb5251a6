import { Progress, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatIDR, formatNumber, formatRate } from '@/lib/format';
import { COLORS } from '../lib/charts';
import type { LeaderboardRow } from '../lib/types';

/** Spec 2 §9: the leaderboard shows five a page. */
export const LEADERBOARD_PAGE_SIZE = 5;

type Ranked = LeaderboardRow & { rank: number };

const columns: TableColumnsType<Ranked> = [
  { title: '#', dataIndex: 'rank', width: 36, align: 'center' },
  {
    title: 'Name',
    dataIndex: 'fullname',
    render: (_, row) => (
      <div className="leaderboard__name">
        <Typography.Text strong ellipsis>
          {row.fullname}
        </Typography.Text>
        {row.nickname && <Typography.Text type="secondary">{row.nickname}</Typography.Text>}
        {/* a phone: the whole amount under the name, where it has the room (its column is for wider screens) */}
        <span className="leaderboard__gp-phone">{formatIDR(row.achievedGpInCurrentYear)}</span>
      </div>
    ),
  },
  { title: 'Year', dataIndex: 'year', width: 64, responsive: ['md'] },
  {
    title: 'Closed Lead',
    dataIndex: 'totalLeads',
    align: 'right',
    width: 96,
    responsive: ['sm'],
    render: (value: number) => formatNumber(value),
  },
  {
    title: 'Closed GP',
    dataIndex: 'achievedGpInCurrentYear',
    align: 'right',
    responsive: ['sm'],
    className: 'nowrap',
    render: (value: number) => (
      <span>{formatIDR(value)}</span>
    ),
  },
  {
    title: 'Target Achieved',
    dataIndex: 'achievedPercent',
    width: 104,
    render: (value: number, row) =>
      row.targetAmount > 0 ? (
        <Tooltip title={`Target ${formatIDR(row.targetAmount)}, ${formatIDR(Math.max(0, row.remainingTarget))} to go`}>
          <div className="leaderboard__achieved">
            <span>{formatRate(value)}</span>
            <Progress
              percent={Math.min(100, value)}
              showInfo={false}
              size="small"
              strokeColor={value >= 100 ? COLORS.success : COLORS.primary}
            />
          </div>
        </Tooltip>
      ) : (
        <Typography.Text type="secondary">No target</Typography.Text>
      ),
  },
];

/** The sales leaderboard (spec 2 §2.6): name, year, closed leads, closed GP and target achieved, five a page. */
export function Leaderboard({ rows }: { rows: LeaderboardRow[] }) {
  const ranked = rows.map((row, index) => ({ ...row, rank: index + 1 }));
  return (
    <Table<Ranked>
      className="leaderboard"
      size="small"
      rowKey="salesId"
      columns={columns}
      // the widths hold and a long name is cut with an ellipsis: the table is never wider than its card on a phone
      tableLayout="fixed"
      dataSource={ranked}
      pagination={{ pageSize: LEADERBOARD_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false, size: 'small' }}
      locale={{ emptyText: 'No Data.' }}
    />
  );
}
