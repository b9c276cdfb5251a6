import type { MultipartBody } from '@/lib/api/multipart';
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
/** A request whose route is previewed; `edit`: on the lead as the edit form holds it. */
export type RouteRequestIn = Schemas['RouteRequestIn'];
export type RouteEdit = NonNullable<RouteRequestIn['edit']>;

export type SubscriptionType = 'ONE_TIME' | 'RECURRING';

/** The multipart body of PUT /leads/{id}/update/v2: `data` (the edit, as JSON) and the chosen files. */
export type LeadEditForm = MultipartBody<'/leads/{lead_id}/update/v2', 'put'>;
/** The `data` part: any subset of fields, lists replace, `removeFiles` drops stored files. */
export type LeadUpdate = LeadEditForm['data'];

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
