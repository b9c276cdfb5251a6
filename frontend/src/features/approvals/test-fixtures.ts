import type { Pipeline, PickableUser, QueueRow, RegisterRow, Timeline } from './api/types';

/** A hold request of Sari Dewi's lead in E1 (pass requestType and targetStage for a stage change). */
export function queueRow(id: number, overrides: Partial<QueueRow> = {}): QueueRow {
  return {
    approvalId: id,
    requestType: 'HOLD_LEAD',
    requestedByName: 'Sari Dewi',
    clientName: 'PT Sinar Jaya',
    projectName: `Project ${id}`,
    requestedAt: '2026-01-05T14:05:00',
    notes: 'Client paused the budget',
    combinedStageDescriptions: 'E1 Found',
    currentStageDescription: 'E1 Found',
    currentStage: 'E1 Found',
    targetStage: null,
    leadId: 100 + id,
    layerName: 'Team leader',
    processing: false,
    dueAt: null,
    forApproverName: null,
    escalated: false,
    ...overrides,
  };
}

export const timeline: Timeline = {
  approvalId: 1,
  status: 'WAITING',
  requestType: 'HOLD_LEAD',
  requestedAt: '2026-01-05T14:05:00',
  workflowId: 'approval-lead-101-hold-lead-abc',
  temporalUrl: 'http://127.0.0.1:8233/namespaces/default/workflows/approval-lead-101-hold-lead-abc',
  processing: false,
  needsAttention: false,
  message: null,
  layers: [
    {
      layerName: 'Team leader',
      approvalType: 'Any User',
      seqNo: 1,
      minApprovals: 1,
      layerStatus: 'APPROVED',
      label: 'checked by',
      approvers: [{ id: 3, username: 'Agus Approver', actionType: 'APPROVED', note: 'ok', approvedAt: '2026-01-05T15:00:00', processing: false, escalated: false }],
    },
    {
      layerName: 'Sales director',
      approvalType: 'Several User',
      seqNo: 2,
      minApprovals: 2,
      layerStatus: 'PENDING',
      label: 'acknowledged by',
      approvers: [
        { id: 4, username: 'Budi Approver', actionType: null, note: null, approvedAt: null, processing: false, escalated: false },
        { id: 5, username: 'Citra Approver', actionType: null, note: null, approvedAt: null, processing: false, escalated: false },
      ],
    },
    {
      layerName: 'Board',
      approvalType: 'In Sequence',
      seqNo: 3,
      minApprovals: 1,
      layerStatus: 'WAITING',
      label: 'approved by',
      approvers: [{ id: 6, username: 'Dewi Board', actionType: null, note: null, approvedAt: null, processing: false, escalated: false }],
    },
  ],
};

export const people: PickableUser[] = [
  { id: 7, fullname: 'Sari Dewi', roleName: 'SALES', roleDescription: 'Sales Person', canDecide: false, leadsTeam: false },
  { id: 8, fullname: 'Tono Sales', roleName: 'SALES', roleDescription: 'Sales Person', canDecide: false, leadsTeam: false },
  { id: 3, fullname: 'Agus Approver', roleName: 'APPROVER', roleDescription: 'Approver', canDecide: true, leadsTeam: false },
  { id: 4, fullname: 'Budi Approver', roleName: 'APPROVER', roleDescription: 'Approver', canDecide: true, leadsTeam: false },
];

export function pipeline(id: number, overrides: Partial<Pipeline> = {}): Pipeline {
  return {
    id,
    name: `Pipeline ${id}`,
    pipelineActionType: 'HOLD_LEAD',
    version: 2,
    isActive: true,
    salesPersons: [],
    layers: [
      { name: 'Team leader', mode: 'ANY_USER', minApprovals: 1, approvers: [{ id: 3, fullname: 'Agus Approver' }] },
    ],
    updatedAt: '2026-01-05T10:00:00',
    pendingOnOlder: 0,
    ...overrides,
  };
}

/** Pipeline 1 with a condition on its second layer, the board: only when GP >= 1 B and the client is not PT Sinar. */
export function conditionalPipeline(): Pipeline {
  return pipeline(1, {
    layers: [
      { name: 'Team leader', mode: 'ANY_USER', minApprovals: 1, approvers: [{ id: 3, fullname: 'Agus Approver' }] },
      {
        name: 'Board',
        mode: 'ANY_USER',
        minApprovals: 1,
        approvers: [{ id: 4, fullname: 'Budi Approver' }],
        conditions: [
          { fact: 'GP', op: '>=', amount: 1e9, ids: [], names: [], text: 'GP >= 1 B' },
          { fact: 'CLIENT', op: 'NOT_IN', amount: null, ids: [13], names: ['PT Sinar'], text: 'client not in PT Sinar' },
        ],
      },
    ],
  });
}

/** A request of the registers: Sari Dewi's pending hold of Project {id}. */
export function registerRow(id: number, overrides: Partial<RegisterRow> = {}): RegisterRow {
  return {
    approvalId: id,
    requestType: 'HOLD_LEAD',
    requestTypeLabel: 'Hold',
    status: 'PENDING',
    leadId: 100 + id,
    projectName: `Project ${id}`,
    clientName: 'PT Sinar Jaya',
    salesPersonId: 7,
    salesPersonName: 'Sari Dewi',
    requestedById: 7,
    requestedByName: 'Sari Dewi',
    onBehalfOfName: null,
    requestedAt: '2026-01-05T14:05:00Z',
    decidedAt: null,
    targetStageName: null,
    revision: null,
    notes: 'Client paused the budget',
    withdrawing: false,
    ...overrides,
  };
}
