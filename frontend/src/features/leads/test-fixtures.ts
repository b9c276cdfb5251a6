import type { BoardColumn, FilterOptions, LeadCard, LeadForm } from './api/types';
import { BOARD_STAGES } from './lib/labels';

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
