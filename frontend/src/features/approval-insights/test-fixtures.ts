import type { ApprovalInsights, Figures, InsightOptions } from './api/insights-api';

const NOTE = 'Times are working hours: Monday to Friday, 08:00-17:00 (Asia/Jakarta), holidays skipped; a working day is 9 hours.';

export const noFigures: Figures = {
  decided: 0, rejected: 0, rejectionRate: null, p50Hours: null, p90Hours: null, late: 0, escalations: 0, pending: 0,
  oldestPendingHours: null, overdue: 0,
};

/** The week of the API test: a two-layer drop pipeline, its two approvers, two requests waiting. */
export const week: ApprovalInsights = {
  periodStart: '2031-03-03',
  periodEnd: '2031-03-09',
  requestType: null,
  teamLeaderId: null,
  workingDay: { start: '08:00', end: '17:00', hours: 9, timeZone: 'Asia/Jakarta', note: NOTE },
  totals: { decided: 3, rejected: 2, rejectionRate: 66.67, p50Hours: 10, p90Hours: 16.4, late: 2, escalations: 1,
    pending: 2, oldestPendingHours: 41.5, overdue: 1 },
  pipelines: [
    { pipelineId: 7, pipelineName: 'Drop check', actionType: 'DROP_LEAD', decided: 3, rejected: 2, rejectionRate: 66.67,
      p50Hours: 10, p90Hours: 16.4, late: 2, escalations: 1, pending: 2, oldestPendingHours: 41.5, overdue: 1 },
  ],
  layers: [
    { pipelineId: 7, pipelineName: 'Drop check', layerIndex: 0, layerName: 'Check', decided: 4, rejected: 1,
      rejectionRate: 25, p50Hours: 2, p90Hours: 12.1, late: 2, escalations: 1, pending: 1, oldestPendingHours: 41.5,
      overdue: 1, applied: 0, skipped: 0 },
    { pipelineId: 7, pipelineName: 'Drop check', layerIndex: 1, layerName: 'Sign-off', decided: 2, rejected: 1,
      rejectionRate: 50, p50Hours: 4.5, p90Hours: 6.5, late: 1, escalations: 0, pending: 1, oldestPendingHours: 30,
      overdue: 0, applied: 3, skipped: 5 },
  ],
  approvers: [
    { approverId: 11, approverName: 'Hendra Gunawan', decided: 4, rejected: 1, rejectionRate: 25, p50Hours: 2,
      p90Hours: 12.1, late: 2, escalations: 1, pending: 1, oldestPendingHours: 41.5, overdue: 1 },
    { approverId: 12, approverName: 'Maya Kusuma', decided: 2, rejected: 1, rejectionRate: 50, p50Hours: 4.5,
      p90Hours: 6.5, late: 1, escalations: 0, pending: 1, oldestPendingHours: 30, overdue: 0 },
  ],
  oldestPending: [
    { requestId: 41, requestType: 'DROP_LEAD', requestTypeLabel: 'Drop Lead', leadId: 5, pipelineId: 7,
      pipelineName: 'Drop check', layerIndex: 0, layerName: 'Check', requesterName: 'Andi Pratama',
      requestedAt: '2031-03-03T03:00:00Z', ageHours: 41.5, layerSince: '2031-03-03T03:00:00Z',
      dueAt: '2031-03-03T10:00:00Z', overdue: true, escalatedTo: null, holders: ['Hendra Gunawan'] },
    { requestId: 42, requestType: 'DROP_LEAD', requestTypeLabel: 'Drop Lead', leadId: 6, pipelineId: 7,
      pipelineName: 'Drop check', layerIndex: 1, layerName: 'Sign-off', requesterName: 'Andi Pratama',
      requestedAt: '2031-03-04T07:00:00Z', ageHours: 32, layerSince: '2031-03-04T08:00:00Z', dueAt: null,
      overdue: false, escalatedTo: 'Ratna Wijaya', holders: ['Maya Kusuma'] },
  ],
};

/** A period where nothing was decided, escalated or waits. */
export const emptyWeek: ApprovalInsights = {
  ...week, totals: noFigures, pipelines: [], layers: [], approvers: [], oldestPending: [],
};

export const options: InsightOptions = {
  requestTypes: [
    { value: 'CHANGE_LEAD_STAGE', label: 'Change Lead Stage' },
    { value: 'HOLD_LEAD', label: 'Hold Lead' },
    { value: 'DROP_LEAD', label: 'Drop Lead' },
    { value: 'CLOSE_LEAD', label: 'Close Lead' },
    { value: 'PCS', label: 'Project Cost Sheet' },
  ],
  teams: [{ id: 3, fullname: 'Budi Santoso' }, { id: 4, fullname: 'Sari Lestari' }],
  defaultDays: 30,
};
