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

/** The schema answers these as strings; the screen narrows them. */
export type PcsStatus = 'SAVED_AS_DRAFT' | 'WAITING_FOR_APPROVAL' | 'APPROVED' | 'REJECTED';
export type ItemType = 'REVENUE' | 'COST';
export type PaymentStatus = 'NOT_YET' | 'BILLING_REQUEST' | 'SUDAH_TAGIH' | 'SUDAH_PAYMENT';

/**
 * One item of the multipart `projectCostSheetItems` JSON text (the schema only says "JSON list of items";
 * api/pcs/schemas.py reads this shape).
 */
export interface PcsItemIn {
  id?: number;
  coaId: number;
  type: ItemType;
  description: string;
  quantity: number;
  termOfPayment: number;
  sellingPrice: number;
  billingSchedules: Array<{ description: string; amount: number | null; paymentStatus: PaymentStatus; schedule: string | null }>;
}

/** What the save and submit calls send. */
export interface PcsSaveIn {
  leadsId: number;
  remark: string;
  items: PcsItemIn[];
  isDeletedByUser: boolean;
  file: File | null;
  /** The revision being edited (the server refuses any but the current one); null for a new sheet. */
  revisionBatch: number | null;
}
