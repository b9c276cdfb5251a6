import type {
  BoardColumn,
  FilterOptions,
  LeadCard,
  LeadDetail,
  LeadForm,
  LeadStageOption,
  LeadStageOptions,
  WaitingFor,
} from './api/types';
import type { ManagedLead, ManagementOptions, Monitoring } from './api/ops-api';

/** The seeded board stages (the server's; the front end has no list of its own). */
export const BOARD_STAGES = [
  { name: 'E1', description: 'Found' },
  { name: 'E2', description: 'Connected' },
  { name: 'E3', description: 'Qualified' },
  { name: 'E4', description: 'Proposal' },
  { name: 'E5', description: 'Verification' },
  { name: 'E6', description: 'Closing' },
] as const;

export const card = (id: number, overrides: Partial<LeadCard> = {}): LeadCard => ({
  id,
  clientName: `Client ${id}`,
  projectName: `Project ${id}`,
  lastContacted: 10,
  nickname: 'Sari',
  salesFullname: 'Sari Dewi',
  salesPersonId: 7,
  status: 'NEW',
  projectType: 'New Project',
  totalGrossProfit: 1_500_000_000,
  pcsStatus: null,
  stageId: 1,
  stageName: 'E1',
  ...overrides,
});

/** Six columns E1..E6; column i holds `counts[i]` cards and totals `totals[i]`. */
export function boardColumns(counts: number[] = [2, 1, 0, 0, 0, 0], pinned: string[] = [], totals?: number[]): BoardColumn[] {
  let next = 1;
  return BOARD_STAGES.map((stage, i) => ({
    stageId: i + 1,
    stageName: stage.name,
    stageDescription: stage.description,
    isPinned: pinned.includes(stage.name),
    totalLeads: totals?.[i] ?? counts[i],
    totalGrossProfit: 1_500_000_000 * (totals?.[i] ?? counts[i]),
    leads: Array.from({ length: counts[i] }, () => {
      const id = next++;
      return card(id, { stageId: i + 1, stageName: stage.name, clientName: `${stage.name} Client ${id}` });
    }),
  }));
}

export const filterOptions: FilterOptions = {
  stages: [
    ...BOARD_STAGES.map((s, i) => ({
      id: i + 1,
      stageName: s.name,
      stageDescription: s.description,
      needsApproval: i >= 3,
      pipeline: 'LEAD',
      previousStage: i === 0 ? null : i,
      nextStage: i + 2,
      seqNumber: i + 1,
      slug: s.description.toLowerCase(),
      requiredFields: [],
    })),
    {
      id: 7,
      stageName: 'E7',
      stageDescription: 'Closed',
      needsApproval: true,
      pipeline: 'LEAD',
      previousStage: 6,
      nextStage: null,
      seqNumber: 7,
      slug: 'closed',
      requiredFields: [],
    },
  ],
  statuses: [
    { value: 'ONGOING', label: 'On Going' },
    { value: 'HOLD', label: 'On Hold' },
    { value: 'DROPPED', label: 'Dropped' },
    { value: 'CLOSED', label: 'Closed' },
  ],
  salesPersons: [
    { id: 7, fullname: 'Sari Dewi' },
    { id: 8, fullname: 'Budi Santoso' },
  ],
};

export const leadForm = (): LeadForm => ({
  lead: {
    id: 19,
    projectName: 'IT Strategy Assessment',
    stageId: 1,
    stageName: 'E1',
    stageDescription: 'Found',
    clientId: 3,
    clientName: 'Perusahaan Gas Nusantara',
    clientCode: 'PGN',
    projectType: 2,
    projectTypeName: 'Renewal',
    sourceId: 2,
    sourceName: 'Existing Customer',
    entityId: null,
    entityName: null,
    unitId: null,
    unitName: null,
    projectDescription: 'Demo lead.',
    status: 'NEW',
    salesPersonId: 7,
    salesFullname: 'Sari Dewi',
    subscriptionType: 'RECURRING',
    competitor: 'Datacomm',
    decisionMaker: null,
    expectedCloseDate: '2026-11-19',
    projectStartDate: '2026-10-30',
    projectEndDate: '2027-10-29',
    projectDuration: 12,
    projectBudget: null,
    totalUnit: null,
    totalRevenue: 12_208_000_000,
    totalGrossProfit: 2_075_360_000,
    grossProfitMargin: 17,
    proposalFile: null,
    projectCostSheetFile: null,
    customerConfirmationDocumentFile: null,
    lastContacted: 79,
    lastContactedAt: '2026-09-03T11:06:45Z',
    createdAt: '2026-09-03T11:06:45Z',
    updatedAt: '2026-11-22T03:06:44Z',
  },
  personInCharges: [{ picId: 4, picName: 'Rina Kartika', position: 'Head of Digital' }],
  serviceCategories: [
    { serviceCategoryId: 7, serviceCategoryName: 'Hardware Procurement', subServiceCategoryId: null, subServiceCategoryName: null },
  ],
  payments: [],
  billingSchedules: [],
  projectIdNumbers: [],
});

/**
 * GET /leads/{id}/stage-options for a lead in `currentStageId`: E1..E6, every other stage allowed and needing
 * no approval unless `overrides` says otherwise (by stage id).
 */
export function stageOptions(
  leadId: number,
  currentStageId = 1,
  overrides: Record<number, Partial<LeadStageOption>> = {},
  waitingFor: WaitingFor | null = null,
): LeadStageOptions {
  return {
    leadId,
    currentStageId,
    status: waitingFor ? 'WAITING' : 'NEW',
    waitingFor,
    stages: BOARD_STAGES.map((s, i) => {
      const id = i + 1;
      const current = id === currentStageId;
      return {
        id,
        stageName: s.name,
        stageDescription: s.description,
        seqNumber: id,
        slug: s.description.toLowerCase(),
        isCurrent: current,
        allowed: !current,
        reason: current ? `The lead is already in ${s.name} ${s.description}.` : null,
        needsApproval: false,
        requiredFields: [],
        missingFields: [],
        ...overrides[id],
        lackingFields: overrides[id]?.lackingFields ?? lackingOf(overrides[id]?.missingFields ?? []),
      };
    }),
  };
}

/** The field codes behind the labels the server words missing fields with (as stage_rules.FIELDS names them). */
const FIELD_CODES: Record<string, string> = {
  'Person in Charge': 'personInCharges',
  'Project Type': 'projectType',
  Source: 'sourceId',
  'Service Category': 'serviceCategories',
  'Expected Close Date': 'expectedCloseDate',
  Proposal: 'proposalFile',
  'Total Revenue': 'totalRevenue',
  'Total Gross Profit': 'totalGrossProfit',
  'Project Start Date': 'projectStartDate',
  'Project End Date': 'projectEndDate',
  'Project Cost Sheet File': 'projectCostSheetFile',
  Entity: 'entityId',
  Unit: 'unitId',
  'Customer Confirmation Document': 'customerConfirmationDocumentFile',
  'Decision Maker': 'decisionMaker',
};

/** The server's lackingFields for the labels a test names as missing. */
export const lackingOf = (labels: string[]) => labels.map((label) => ({ field: FIELD_CODES[label] ?? label, label }));

export const waitingFor = (overrides: Partial<WaitingFor> = {}): WaitingFor => ({
  approvalId: 31,
  requestType: 'CHANGE_LEAD_STAGE',
  requestTypeLabel: 'Stage change',
  targetStageId: 4,
  targetStageName: 'E4 Proposal',
  targetStatus: null,
  layerName: 'Managers',
  layerSeq: 1,
  layerCount: 2,
  pendingApprovers: ['Approver One', 'Approver Two'],
  requestedAt: '2026-11-20T03:00:00Z',
  requestedByName: 'Sari Dewi',
  notes: 'Proposal sent to the CIO.',
  state: 'PENDING',
  ...overrides,
});

/** GET /leads/{id} of the same lead as leadForm(). */
export const leadDetail = (overrides: Partial<LeadDetail> = {}): LeadDetail => {
  const form = leadForm();
  return {
    ...form.lead,
    personInCharges: form.personInCharges,
    serviceCategories: form.serviceCategories,
    payments: [],
    billingSchedules: [],
    projectCostSheets: { projectCostSheet: null },
    projectIdNumbers: [],
    pidNumber: [],
    waitingFor: null,
    ...overrides,
  };
};

/** A row of Leads Management. */
export const managedLead = (id: number, overrides: Partial<ManagedLead> = {}): ManagedLead => ({
  id,
  projectName: `Project ${id}`,
  clientId: 1,
  clientName: 'Bank Nusa Mandiri',
  salesPersonId: 7,
  salesFullname: 'Sari Dewi',
  teamLeaderName: 'Budi Santoso',
  stageId: 1,
  stageName: 'E1',
  stageDescription: 'Found',
  status: 'NEW',
  totalGrossProfit: 1_500_000_000,
  expectedCloseDate: '2026-12-31',
  createdAt: '2026-01-05T07:05:00Z',
  lastContactedAt: '2026-01-05T07:05:00Z',
  lastContacted: 45,
  ...overrides,
});

export const managementOptions: ManagementOptions = {
  stages: filterOptions.stages,
  statuses: [
    { value: 'NEW', label: 'New' },
    { value: 'WAITING', label: 'Waiting' },
    { value: 'HOLD', label: 'On Hold' },
  ],
  salesPersons: [
    { id: 7, fullname: 'Sari Dewi' },
    { id: 8, fullname: 'Andi Pratama' },
  ],
  teams: [{ id: 3, fullname: 'Budi Santoso' }],
  staleDays: [30, 90],
};

/** Two people over E1..E3: Maya 2 in E1 and 1 in E3, one of them cold for 30 days; Andi none. */
export const monitoring: Monitoring = {
  stages: BOARD_STAGES.slice(0, 3).map((s, i) => ({ id: i + 1, stageName: s.name, stageDescription: s.description })),
  rows: [
    {
      salesPersonId: 7,
      salesFullname: 'Maya Lestari',
      teamLeaderName: 'Budi Santoso',
      cells: [
        { stageId: 1, count: 2, totalGrossProfit: 3_000_000_000 },
        { stageId: 2, count: 0, totalGrossProfit: 0 },
        { stageId: 3, count: 1, totalGrossProfit: 500_000_000 },
      ],
      count: 3,
      totalGrossProfit: 3_500_000_000,
      stale30: 1,
      stale90: 0,
    },
    {
      salesPersonId: 8,
      salesFullname: 'Andi Pratama',
      teamLeaderName: 'Budi Santoso',
      cells: [1, 2, 3].map((stageId) => ({ stageId, count: 0, totalGrossProfit: 0 })),
      count: 0,
      totalGrossProfit: 0,
      stale30: 0,
      stale90: 0,
    },
  ],
  totals: [
    { stageId: 1, count: 2, totalGrossProfit: 3_000_000_000 },
    { stageId: 2, count: 0, totalGrossProfit: 0 },
    { stageId: 3, count: 1, totalGrossProfit: 500_000_000 },
  ],
  count: 3,
  totalGrossProfit: 3_500_000_000,
  stale30: 1,
  stale90: 0,
};
