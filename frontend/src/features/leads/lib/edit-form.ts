import dayjs, { type Dayjs } from 'dayjs';
import type { LeadFileKind, LeadForm, LeadUpdate, RouteEdit, SubscriptionType } from '../api/types';

/** What the edit wizard's form holds. */
export interface LeadEditValues {
  projectName: string;
  projectType?: number | null;
  sourceId?: number | null;
  entityId?: number | null;
  unitId?: number | null;
  projectDescription?: string | null;
  subscriptionType?: SubscriptionType | null;
  competitor?: string | null;
  decisionMaker?: string | null;
  personInCharges: number[];
  expectedCloseDate?: Dayjs | null;
  projectStartDate?: Dayjs | null;
  projectEndDate?: Dayjs | null;
  projectDuration?: number | null;
  projectBudget?: number | null;
  totalUnit?: number | null;
  totalRevenue?: number | null;
  totalGrossProfit?: number | null;
  serviceCategories: Array<{ serviceCategoryId?: number; subServiceCategoryId?: number | null }>;
  payments: Array<{ serviceCategoryId?: number; billingDate?: Dayjs | null; amount?: number | null }>;
  billingSchedules: Array<{
    serviceCategoryId?: number;
    schedule?: Dayjs | null;
    amount?: number | null;
    description?: string | null;
  }>;
  stageId: number;
}

export const EDIT_STEPS = ['Details', 'Schedule & Money', 'Services & Billing', 'Files', 'Stage'] as const;

/** The fields each step validates before moving on. */
export const EDIT_STEP_FIELDS: string[][] = [
  ['projectName', 'projectType', 'sourceId', 'entityId', 'unitId', 'projectDescription', 'subscriptionType',
    'competitor', 'decisionMaker', 'personInCharges'],
  ['expectedCloseDate', 'projectStartDate', 'projectEndDate', 'projectDuration', 'projectBudget', 'totalUnit',
    'totalRevenue', 'totalGrossProfit'],
  ['serviceCategories', 'payments', 'billingSchedules'],
  [],
  ['stageId'],
];

const day = (v: string | null | undefined) => (v ? dayjs(v) : null);
const iso = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const text = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** The form's starting values from GET /leads/{id}/form (form/v2 is the cost sheet form). */
export function toEditValues(form: LeadForm): LeadEditValues {
  const { lead } = form;
  return {
    projectName: lead.projectName,
    projectType: lead.projectType,
    sourceId: lead.sourceId,
    entityId: lead.entityId,
    unitId: lead.unitId,
    projectDescription: lead.projectDescription,
    subscriptionType: (lead.subscriptionType as SubscriptionType | null) ?? null,
    competitor: lead.competitor,
    decisionMaker: lead.decisionMaker,
    personInCharges: form.personInCharges.map((p) => p.picId),
    expectedCloseDate: day(lead.expectedCloseDate),
    projectStartDate: day(lead.projectStartDate),
    projectEndDate: day(lead.projectEndDate),
    projectDuration: lead.projectDuration,
    projectBudget: lead.projectBudget,
    totalUnit: lead.totalUnit,
    totalRevenue: lead.totalRevenue,
    totalGrossProfit: lead.totalGrossProfit,
    serviceCategories: form.serviceCategories.map((c) => ({
      serviceCategoryId: c.serviceCategoryId,
      subServiceCategoryId: c.subServiceCategoryId ?? null,
    })),
    payments: form.payments.map((p) => ({
      serviceCategoryId: p.serviceCategoryId,
      billingDate: day(p.billingDate),
      amount: p.amount ?? null,
    })),
    billingSchedules: form.billingSchedules.map((b) => ({
      serviceCategoryId: b.serviceCategoryId,
      schedule: day(b.schedule),
      amount: b.amount,
      description: b.description ?? null,
    })),
    stageId: lead.stageId,
  };
}

/** The `data` part of the multipart save. */
export function toLeadUpdate(values: LeadEditValues, removeFiles: LeadFileKind[]): LeadUpdate {
  return {
    projectName: values.projectName.trim(),
    stageId: values.stageId,
    projectType: values.projectType ?? null,
    sourceId: values.sourceId ?? null,
    entityId: values.entityId ?? null,
    unitId: values.unitId ?? null,
    projectDescription: text(values.projectDescription),
    subscriptionType: values.subscriptionType ?? null,
    competitor: text(values.competitor),
    decisionMaker: text(values.decisionMaker),
    expectedCloseDate: iso(values.expectedCloseDate),
    projectStartDate: iso(values.projectStartDate),
    projectEndDate: iso(values.projectEndDate),
    projectDuration: values.projectDuration ?? null,
    projectBudget: values.projectBudget ?? null,
    totalUnit: values.totalUnit ?? null,
    totalRevenue: values.totalRevenue ?? null,
    totalGrossProfit: values.totalGrossProfit ?? null,
    personInCharges: values.personInCharges ?? [],
    serviceCategories: (values.serviceCategories ?? [])
      .filter((c) => c.serviceCategoryId !== undefined)
      .map((c) => ({ serviceCategoryId: c.serviceCategoryId!, subServiceCategoryId: c.subServiceCategoryId ?? null })),
    payments: (values.payments ?? [])
      .filter((p) => p.serviceCategoryId !== undefined)
      .map((p) => ({ serviceCategoryId: p.serviceCategoryId!, billingDate: iso(p.billingDate), amount: p.amount ?? null })),
    billingSchedules: (values.billingSchedules ?? [])
      .filter((b) => b.serviceCategoryId !== undefined && b.schedule && b.amount !== null && b.amount !== undefined)
      .map((b) => ({
        serviceCategoryId: b.serviceCategoryId!,
        schedule: iso(b.schedule)!,
        amount: b.amount!,
        description: text(b.description),
      })),
    removeFiles,
  };
}

/** The form's values a request's route is decided on, as saving sends them (the gated stage's route preview). */
export function toRouteEdit(
  values: Pick<Partial<LeadEditValues>, 'projectType' | 'totalRevenue' | 'totalGrossProfit' | 'serviceCategories'>,
): RouteEdit {
  return {
    projectType: values.projectType ?? null,
    totalRevenue: values.totalRevenue ?? null,
    totalGrossProfit: values.totalGrossProfit ?? null,
    serviceCategories: (values.serviceCategories ?? []).flatMap((c) =>
      c.serviceCategoryId === undefined ? [] : [c.serviceCategoryId],
    ),
  };
}

/** Whole months between two dates, rounded (at least 1). */
export function monthsBetween(start: Dayjs, end: Dayjs): number {
  return Math.max(1, Math.round(end.diff(start, 'month', true)));
}
