import type { GpType } from './types';

/** What the Closed by Service and Closed by Project Type widgets show: the GP total or the GP average per lead. */
export type GpMeasure = 'gpTotal' | 'gpAvg';
export type GpGrouping = 'service' | 'type';

export interface GpBar {
  name: string;
  value: number;
}

/** The bars of one widget, from the lists GET /dashboard/gp-type answers (spec 2 §3.2: closedLeadGpByService with
 *  serviceCategoryName and gpTotal, closedLeadAvgGpByService with avg, and the same by project type). */
export function gpBars(data: GpType, by: GpGrouping, measure: GpMeasure): GpBar[] {
  if (by === 'service') {
    return measure === 'gpTotal'
      ? data.closedLeadGpByService.map((r) => ({ name: r.serviceCategoryName, value: r.gpTotal }))
      : data.closedLeadAvgGpByService.map((r) => ({ name: r.serviceCategoryName, value: r.avg }));
  }
  return measure === 'gpTotal'
    ? data.closedLeadGpByProjectType.map((r) => ({ name: r.projectTypeName, value: r.gpTotal }))
    : data.closedLeadAvgGpByProjectType.map((r) => ({ name: r.projectTypeName, value: r.avg }));
}
