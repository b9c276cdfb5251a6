import { Descriptions, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { projectPeriod } from '@/lib/format';
import type { PcsForm, PcsRevision } from '../api/types';

export const NO_REVISION = 'No revision available';

/** The current revision first, then older ones newest first (spec §2.4). */
export function orderedRevisions(revisions: readonly PcsRevision[]): PcsRevision[] {
  return [...revisions].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.revisionBatch - a.revisionBatch);
}

export interface RevisionSelectProps {
  revisions: PcsRevision[];
  /** null: the current revision. */
  value: number | null;
  onChange: (revisionBatch: number | null) => void;
}

/** 'Revision N (Current)' and 'Revision N - remark'; disabled with 'No revision available' when none. */
export function RevisionSelect({ revisions, value, onChange }: RevisionSelectProps) {
  const ordered = orderedRevisions(revisions);
  const current = ordered.find((r) => r.isCurrent);
  const selected = value === null ? current?.revisionBatch : value;
  return (
    <Select<number>
      aria-label="Revision"
      className="pcs-revision"
      disabled={ordered.length === 0}
      placeholder={NO_REVISION}
      value={ordered.length === 0 ? undefined : selected}
      options={ordered.map((r) => ({ value: r.revisionBatch, label: r.label }))}
      onChange={(batch) => onChange(current && batch === current.revisionBatch ? null : batch)}
      popupMatchSelectWidth={false}
    />
  );
}

/** The lead the sheet belongs to. */
export function LeadSummary({ form }: { form: PcsForm }) {
  const { lead } = form;
  const services = form.serviceCategories;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      className="pcs-lead"
      items={[
        { key: 'client', label: 'Client', children: lead.clientName },
        { key: 'project', label: 'Project', children: lead.projectName },
        { key: 'sales', label: 'Sales', children: lead.salesFullname ?? '-' },
        { key: 'entity', label: 'Entity', children: lead.entityName ?? '-' },
        {
          key: 'period',
          label: 'Project Period',
          children: projectPeriod(lead.projectStartDate, lead.projectEndDate),
        },
        {
          key: 'pid',
          label: 'PID',
          children: form.projectIdNumbers.length ? form.projectIdNumbers.map((p) => <Tag key={p.pidNumber}>{p.pidNumber}</Tag>) : '-',
        },
        {
          key: 'services',
          label: 'Service Categories',
          span: 'filled',
          children: services.length
            ? services
                .map((s) => (s.subServiceCategoryName ? `${s.serviceCategoryName} · ${s.subServiceCategoryName}` : s.serviceCategoryName))
                .join(', ')
            : '-',
        },
      ]}
    />
  );
}

export interface RemarkBoxProps {
  value: string;
  readOnly: boolean;
  error: string | null;
  /** Say what is wrong even before the box was touched (the sheet already has items). */
  showError: boolean;
  onChange: (value: string) => void;
}

/** The remark of the current revision ('Remark is required'); plain text when read-only. */
export function RemarkBox({ value, readOnly, error, showError, onChange }: RemarkBoxProps) {
  const [touched, setTouched] = useState(false);
  if (readOnly) {
    return (
      <div className="pcs-field">
        <span className="pcs-field__label">Remark</span>
        <Typography.Paragraph className="pcs-remark-text" data-testid="pcs-remark-text">
          {value || '-'}
        </Typography.Paragraph>
      </div>
    );
  }
  const shown = error && (touched || showError) ? error : null;
  return (
    <div className="pcs-field">
      <label className="pcs-field__label" htmlFor="pcs-remark">
        Remark
      </label>
      <Input.TextArea
        id="pcs-remark"
        value={value}
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={2000}
        status={shown ? 'error' : undefined}
        placeholder="What changed in this revision"
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      {shown && (
        <Typography.Text type="danger" className="pcs-field-error">
          {shown}
        </Typography.Text>
      )}
    </div>
  );
}
