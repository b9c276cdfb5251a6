import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type SalesPerformance = Schemas['SalesPerformance'];
export type RevenuePerStage = Schemas['RevenuePerStage'];
export type StagePipeline = Schemas['StagePipeline'];
export type GpType = Schemas['GpType'];
export type SalesCycle = Schemas['SalesCycle'];
export type LeaderboardRow = Schemas['LeaderboardRow'];
export type ActivityCell = Schemas['ActivityCell'];
export type MonthCompare = Schemas['MonthCompare'];

/** The dashboard a role shows (spec 2 §4.4, §6). */
export const DASHBOARD_KINDS = ['TOP_MANAGEMENT', 'TL', 'SALES'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

export function asDashboardKind(value: string | null | undefined): DashboardKind | null {
  return (DASHBOARD_KINDS as readonly string[]).includes(value ?? '') ? (value as DashboardKind) : null;
}

/** What each dashboard shows beyond the common widgets (spec 2 §2.6, §6). */
export function layoutOf(kind: DashboardKind) {
  return {
    perSalesChart: kind !== 'SALES',
    activityGrid: kind !== 'SALES',
  };
}

/** Whether the page flags open the dashboard: all four must be granted (spec 2 §2.6). */
export function hasFullDashboardAccess(flags: {
  isRead: boolean;
  isWrite: boolean;
  isEdit: boolean;
  isDelete: boolean;
}): boolean {
  return flags.isRead && flags.isWrite && flags.isEdit && flags.isDelete;
}
