import { FileOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, InputNumber, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MoneyInput } from '@/components/money-input';
import { DATE_FORMAT_SHORT } from '@/lib/format';
import type { LeadDetail, LeadFileKind, LeadUpdate } from '../api/types';
import { FILE_KINDS, fileSizeText, MAX_FILE_BYTES } from '@/lib/files';
import { SUBSCRIPTION_OPTIONS } from '../lib/labels';
import { LeadFilePicker } from './file-picker';
import {
  ContactsSelect,
  EntitySelect,
  ProjectTypeSelect,
  ServiceCategoriesSelect,
  SourceSelect,
  UnitSelect,
} from './lead-fields';

/**
 * How the stage pages fill one lead field in place: its starting value from the lead, its input and its
 * part of the PUT /leads/{id}/update/v2 body. Which fields a stage requires is the server's answer; this
 * only knows how to edit a field of the lead, as the edit wizard does.
 */
export interface FieldEditor {
  initial: (lead: LeadDetail) => unknown;
  input: (props: { lead: LeadDetail; label: string }) => ReactNode;
  toUpdate: (value: unknown, lead: LeadDetail) => Partial<LeadUpdate>;
}

const iso = (d: unknown) => (d && dayjs.isDayjs(d) ? (d as Dayjs).format('YYYY-MM-DD') : null);
const day = (v: string | null | undefined) => (v ? dayjs(v) : null);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const select = (
  key: 'projectType' | 'sourceId' | 'entityId' | 'unitId',
  Widget: typeof ProjectTypeSelect,
): FieldEditor => ({
  initial: (lead) => lead[key] ?? undefined,
  input: ({ label }) => <Widget aria-label={label} />,
  toUpdate: (value) => ({ [key]: num(value) }),
});

const date = (key: 'expectedCloseDate' | 'projectStartDate' | 'projectEndDate'): FieldEditor => ({
  initial: (lead) => day(lead[key]),
  input: ({ label }) => <DatePicker aria-label={label} format={DATE_FORMAT_SHORT} style={{ width: '100%' }} />,
  toUpdate: (value) => ({ [key]: iso(value) }),
});

const money = (key: 'projectBudget' | 'totalRevenue' | 'totalGrossProfit'): FieldEditor => ({
  initial: (lead) => lead[key] ?? null,
  input: ({ label }) => <MoneyInput aria-label={label} />,
  toUpdate: (value) => ({ [key]: num(value) }),
});

const whole = (key: 'totalUnit' | 'projectDuration', max?: number): FieldEditor => ({
  initial: (lead) => lead[key] ?? null,
  input: ({ label }) => <InputNumber aria-label={label} min={0} max={max} precision={0} style={{ width: '100%' }} />,
  toUpdate: (value) => ({ [key]: num(value) }),
});

const line = (key: 'competitor' | 'decisionMaker', max: number): FieldEditor => ({
  initial: (lead) => lead[key] ?? '',
  input: ({ label }) => <Input aria-label={label} maxLength={max} />,
  toUpdate: (value) => ({ [key]: text(value) }),
});

/** The field codes of the server's requirement catalogue that can be filled in place. */
export const FIELD_EDITORS: Record<string, FieldEditor> = {
  personInCharges: {
    initial: (lead) => lead.personInCharges.map((p) => p.picId),
    input: ({ lead, label }) => <ContactsSelect aria-label={label} clientId={lead.clientId} />,
    toUpdate: (value) => ({ personInCharges: Array.isArray(value) ? (value as number[]) : [] }),
  },
  projectType: select('projectType', ProjectTypeSelect),
  sourceId: select('sourceId', SourceSelect),
  entityId: select('entityId', EntitySelect),
  unitId: select('unitId', UnitSelect),
  serviceCategories: {
    initial: (lead) => [...new Set(lead.serviceCategories.map((c) => c.serviceCategoryId))],
    input: ({ label }) => <ServiceCategoriesSelect aria-label={label} />,
    // The list replaces the lead's: the sub-categories of the categories kept stay as they were.
    toUpdate: (value, lead) => ({
      serviceCategories: (Array.isArray(value) ? (value as number[]) : []).flatMap((id) => {
        const rows = lead.serviceCategories.filter((c) => c.serviceCategoryId === id);
        return rows.length > 0
          ? rows.map((c) => ({ serviceCategoryId: id, subServiceCategoryId: c.subServiceCategoryId ?? null }))
          : [{ serviceCategoryId: id, subServiceCategoryId: null }];
      }),
    }),
  },
  expectedCloseDate: date('expectedCloseDate'),
  projectStartDate: date('projectStartDate'),
  projectEndDate: date('projectEndDate'),
  projectDescription: {
    initial: (lead) => lead.projectDescription ?? '',
    input: ({ label }) => <Input.TextArea aria-label={label} rows={3} maxLength={5000} showCount />,
    toUpdate: (value) => ({ projectDescription: text(value) }),
  },
  subscriptionType: {
    initial: (lead) => lead.subscriptionType ?? undefined,
    input: ({ label }) => <Select aria-label={label} allowClear placeholder="One time or recurring" options={SUBSCRIPTION_OPTIONS} />,
    toUpdate: (value) => ({ subscriptionType: (value as LeadUpdate['subscriptionType']) ?? null }),
  },
  competitor: line('competitor', 200),
  decisionMaker: line('decisionMaker', 150),
  projectBudget: money('projectBudget'),
  totalRevenue: money('totalRevenue'),
  totalGrossProfit: money('totalGrossProfit'),
  totalUnit: whole('totalUnit'),
  projectDuration: whole('projectDuration', 600),
};

/** The lead's file kinds: filled in place through the multipart part of the same name. */
export const isFileField = (field: string): field is LeadFileKind => FILE_KINDS.some((k) => k.kind === field);

/** A file field of a stage page: the stored file, and a picker checked before anything is sent. */
export function StageFileInput({
  kind,
  label,
  stored,
  chosen,
  onChoose,
}: {
  kind: LeadFileKind;
  label: string;
  stored: { name: string; size: number } | null | undefined;
  chosen: File | undefined;
  onChoose: (file: File | undefined) => void;
}) {
  const shown = chosen ?? stored;
  return (
    <div className="stage-file" data-kind={kind}>
      {shown ? (
        <div className="stage-file__current">
          <FileOutlined />
          <Typography.Text ellipsis className="stage-file__name">
            {shown.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
            {fileSizeText(shown.size)}
            {chosen ? ' · new' : ''}
          </Typography.Text>
          {chosen && (
            <Button size="small" type="link" onClick={() => onChoose(undefined)}>
              Undo
            </Button>
          )}
        </div>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          No file yet · up to {MAX_FILE_BYTES / (1024 * 1024)} MB
        </Typography.Text>
      )}
      <LeadFilePicker kind={kind} onChoose={onChoose} button={{ 'aria-label': `${shown ? 'Replace' : 'Upload'} ${label}` }}>
        {shown ? 'Replace' : 'Upload'}
      </LeadFilePicker>
    </div>
  );
}

/** A field no stage page input fills (the project ID comes from its own page; an unknown code from the edit form). */
export function ReadOnlyField({ field, leadId, lead }: { field: string; leadId: number; lead: LeadDetail }) {
  if (field === 'projectIdNumbers') {
    return (
      <div>
        {lead.projectIdNumbers.length > 0 ? (
          lead.projectIdNumbers.map((p) => <Tag key={p}>{p}</Tag>)
        ) : (
          <Typography.Text type="secondary">No project ID yet. </Typography.Text>
        )}
        <Link to={`/leads/${leadId}/generate-pid`}>Generate PID</Link>
      </div>
    );
  }
  return <Link to={`/leads/${leadId}/edit`}>Fill it in on the edit form</Link>;
}
