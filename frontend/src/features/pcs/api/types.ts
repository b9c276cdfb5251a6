import type { MultipartBody, MultipartParts } from '@/lib/api/multipart';
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** The cost sheet's payloads, from the generated API schema (docs/api-contract-pcs.md). */
export type PcsForm = Schemas['PcsForm'];
export type PcsLead = Schemas['PcsLead'];
export type PcsServiceCategory = Schemas['PcsServiceCategory'];
export type Pcs = Schemas['PcsOut'];
/** The current sheet as the lead detail (GET /leads/{id}) carries it. */
export type PcsBrief = Schemas['SheetBrief'];
export type PcsHistory = Schemas['PcsHistoryOut'];
export type PcsRevision = Schemas['RevisionOut'];
export type PcsFile = Schemas['PcsFileOut'];
export type PcsItem = Schemas['ItemOut'];
export type MonthTotal = Schemas['MonthAmountOut'];
export type PcsSummary = Schemas['SummaryOut'];
export type ProjectIdNumber = Schemas['PidOut'];
export type Coa = Schemas['CoaOut'];
export type ApprovalFlow = Schemas['FlowOut'];
export type ApprovalFlowLayer = Schemas['FlowLayer'];
export type SheetRouteIn = Schemas['SheetRouteIn'];

/** The schema answers these as strings; the screen narrows them. */
export type PcsStatus = 'SAVED_AS_DRAFT' | 'WAITING_FOR_APPROVAL' | 'APPROVED' | 'REJECTED';
export type ItemType = 'REVENUE' | 'COST';
export type PaymentStatus = 'NOT_YET' | 'BILLING_REQUEST' | 'SUDAH_TAGIH' | 'SUDAH_PAYMENT';

/** The multipart body of the save and submit calls (both take the same form). */
export type PcsSaveForm = MultipartBody<'/project-cost-sheet/save-as-draft', 'put'>;
/** One item of the `projectCostSheetItems` part (sent as JSON). */
export type PcsItemIn = NonNullable<PcsSaveForm['projectCostSheetItems']>[number];
/** What the screen sends: the form's parts, the spreadsheet as a File. */
export type PcsSaveParts = MultipartParts<PcsSaveForm>;
