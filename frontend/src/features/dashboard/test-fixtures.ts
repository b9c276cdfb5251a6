import type { GpType, RevenuePerStage, SalesCycle, SalesPerformance } from './lib/types';

export const YEAR = 2031;

const months = (values: Array<[number, number]>) =>
  values.map(([thisYear, lastYear], i) => ({ month: i + 1, thisYear, lastYear }));

export function performance(overrides: Partial<SalesPerformance> = {}): SalesPerformance {
  return {
    periodStart: `${YEAR}-01-01`,
    periodEnd: `${YEAR}-12-31`,
    year: YEAR,
    achievedLeadsAmount: 1_250_000_000,
    potentialLeadsAmount: 2_500_000_000,
    salesTargetAmount: 5_000_000_000,
    newLeads: 3,
    newLeadsAmount: 900_000_000,
    closeLeads: 2,
    closeLeadsAmount: 1_250_000_000,
    totalOngoingLeads: 4,
    totalOngoingLeadsAmount: 3_100_000_000,
    sqlLeadCount: 1,
    totalLeads: 3,
    leadDropCount: 1,
    leadHoldCount: 0,
    rates: { sqlConversion: 33.33, sqlWin: 100, leadWin: 33.33, dropped: 33.33, hold: 0 },
    yearValueClosedGp: [2027, 2028, 2029, 2030, 2031].map((year, i) => ({ year, gp: i * 100_000_000 })),
    salesLeaderboard: [
      {
        salesId: 11,
        fullname: 'Andi Pratama',
        nickname: 'Andi',
        year: YEAR,
        totalLeads: 2,
        achievedGpInCurrentYear: 1_250_000_000,
        targetAmount: 2_500_000_000,
        remainingTarget: 1_250_000_000,
        achievedPercent: 50,
      },
      {
        salesId: 12,
        fullname: 'Dewi Anggraini',
        nickname: 'Dewi',
        year: YEAR,
        totalLeads: 0,
        achievedGpInCurrentYear: 0,
        targetAmount: 0,
        remainingTarget: 0,
        achievedPercent: 0,
      },
    ],
    closedLeadPerMonth: months(Array.from({ length: 12 }, (_, i) => [i === 2 ? 2 : 0, i === 2 ? 1 : 0])),
    closedLeadPerMonthSum: months(Array.from({ length: 12 }, (_, i) => [i === 2 ? 1_250_000_000 : 0, 0])),
    salesActivityOverview: [
      { salesId: 11, name: 'Andi Pratama', activityDate: `${YEAR}-03-03`, count: 3 },
      { salesId: 11, name: 'Andi Pratama', activityDate: `${YEAR}-03-05`, count: 1 },
      { salesId: 12, name: 'Dewi Anggraini', activityDate: `${YEAR}-03-10`, count: 2 },
    ],
    weekStart: `${YEAR}-03-03`,
    ...overrides,
  };
}

export function stages(title = 'Lead Pipeline'): RevenuePerStage {
  const rows = [
    { stageName: 'E4', stageDescription: 'Proposal', leadCount: 2, totalGrossProfit: 2_000_000_000, leadYearValueGp: 1_500_000_000 },
    { stageName: 'E5', stageDescription: 'Verification', leadCount: 1, totalGrossProfit: 500_000_000, leadYearValueGp: 0 },
  ];
  return {
    title,
    leadPipeline: rows,
    total: { stageName: 'Total', stageDescription: 'Grand total', leadCount: 3, totalGrossProfit: 2_500_000_000, leadYearValueGp: 1_500_000_000 },
  };
}

export const GROUPS: GpType = {
  closedLeadGpByService: [{ serviceCategoryName: 'Cybersecurity', gpTotal: 1_250_000_000, leadCount: 2 }],
  closedLeadAvgGpByService: [{ serviceCategoryName: 'Cybersecurity', avg: 625_000_000, leadCount: 2 }],
  closedLeadGpByProjectType: [],
  closedLeadAvgGpByProjectType: [],
};

export const CYCLE: SalesCycle = { averageDays: 45.5, closedLeads: 2 };
