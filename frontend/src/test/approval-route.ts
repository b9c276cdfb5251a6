import type { RoutePreview } from '@/components/approval-route';

/**
 * A route preview (components/approval-route) for the tests of the screens that show one: 'Pipeline 1', its team
 * leader (Maya Kusuma standing in for Hendra Gunawan, out of office), then its board, skipped (only when GP >= 1 B,
 * and the lead's GP is 800 M).
 */
export function routePreview(overrides: Partial<RoutePreview> = {}): RoutePreview {
  return {
    pipelineId: 1,
    pipelineName: 'Pipeline 1',
    version: 2,
    layers: [
      {
        seqNo: 1,
        name: 'Team leader',
        mode: 'ANY_USER',
        modeLabel: 'Any User',
        minApprovals: 1,
        approvers: [{ id: 12, name: 'Maya Kusuma', standsInFor: 'Hendra Gunawan' }],
        conditions: [],
        skipped: null,
        dueAt: '2026-01-07T14:05:00+07:00',
      },
      {
        seqNo: 2,
        name: 'Board',
        mode: 'ANY_USER',
        modeLabel: 'Any User',
        minApprovals: 1,
        approvers: [{ id: 4, name: 'Budi Approver' }],
        conditions: ['GP >= 1 B'],
        skipped: 'GP 800 M < 1 B',
        dueAt: null,
      },
    ],
    ...overrides,
  };
}
