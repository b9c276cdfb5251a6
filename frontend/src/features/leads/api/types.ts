import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type LeadCard = Schemas['LeadCard'];
export type LeadStatus = LeadCard['status'];
export type BoardColumn = Schemas['BoardColumn'];
export type TotalGp = Schemas['TotalGp'];
export type FilterOptions = Schemas['FilterOptions'];
export type StageOption = Schemas['StageOut'];
export type LeadCreate = Schemas['LeadCreate'];
export type LeadDetail = Schemas['LeadDetail'];
export type LeadForm = Schemas['LeadForm'];
export type LeadFileInfo = Schemas['FileInfo'];
export type PersonInCharge = Schemas['PicOut'];
export type ServiceCategoryItem = Schemas['ServiceCategoryItem'];
export type PaymentItem = Schemas['PaymentItem'];
export type BillingScheduleItem = Schemas['BillingScheduleItem'];
export type UpdateResult = Schemas['UpdateResult'];
export type LeadStageOptions = Schemas['StageOptions'];
export type LeadStageOption = Schemas['StageOption'];
export type WaitingFor = Schemas['WaitingFor'];
export type StageDuration = Schemas['StageDuration'];
export type LeadHistoryEntry = Schemas['HistoryEntry'];
export type FinalDocument = Schemas['FinalDocument'];
export type LeadFileKind = FinalDocument['kind'];
export type ServiceCategoryMap = Schemas['ServiceCategoryMapOut'];
export type ClientItem = Schemas['ClientItemOut'];
export type ProjectType = Schemas['ProjectTypeOut'];
export type Source = Schemas['SourceOut'];
export type Entity = Schemas['EntityOut'];
export type Unit = Schemas['UnitOut'];
export type ContactOut = Schemas['ContactOut'];
export type ApprovalRequestIn = Schemas['RequestIn'];
export type LeadRequestType = ApprovalRequestIn['requestType'];

export type SubscriptionType = 'ONE_TIME' | 'RECURRING';

/**
 * The `data` part of PUT /leads/{id}/update/v2. openapi.json only says "the lead edit state as
 * JSON (LeadUpdate)", so this mirrors api/leads/schemas.py LeadUpdate: any subset of fields,
 * lists replace, `removeFiles` drops stored files.
 */
export interface LeadUpdate {
  projectName?: string;
  stageId?: number;
  clientId?: number;
  projectType?: number | null;
  sourceId?: number | null;
  entityId?: number | null;
  unitId?: number | null;
  projectDescription?: string | null;
  subscriptionType?: SubscriptionType | null;
  competitor?: string | null;
  decisionMaker?: string | null;
  expectedCloseDate?: string | null;
  projectStartDate?: string | null;
  projectEndDate?: string | null;
  projectDuration?: number | null;
  projectBudget?: number | null;
  totalUnit?: number | null;
  totalRevenue?: number | null;
  totalGrossProfit?: number | null;
  personInCharges?: number[];
  serviceCategories?: Array<{ serviceCategoryId: number; subServiceCategoryId?: number | null }>;
  payments?: Array<{ serviceCategoryId: number; billingDate: string | null; amount: number | null }>;
  billingSchedules?: Array<{
    serviceCategoryId: number;
    schedule: string;
    amount: number;
    description?: string | null;
  }>;
  removeFiles?: LeadFileKind[];
}

/** The files a save may carry, by their multipart part names. */
export type LeadUploads = Partial<Record<LeadFileKind, File>>;


/** The board's status filter: ONGOING covers NEW and WAITING (spec §4.1). */
export type BoardStatus = 'ONGOING' | Extract<LeadStatus, 'HOLD' | 'DROPPED' | 'CLOSED'>;
export type SortDirection = 'asc' | 'desc';

export interface BoardParams {
  searchKeyword: string;
  /** A stage id, or undefined for 'All Stages'. */
  selectedStage?: number;
  salesPersonId?: number;
  status: BoardStatus;
  /** Column sorts by stage name, e.g. { E1: 'asc' }. */
  sort: Record<string, SortDirection>;
}

export interface LeadListParams {
  status: BoardStatus;
  search: string;
  stageId?: number;
  salesPersonId?: number;
  limit: number;
}
