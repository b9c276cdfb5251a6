import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Progress, Select, Space, Statistic, Tag, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { FormErrors } from '@/components/form-errors';
import { formMessages } from '@/lib/api/errors';
import {
  dryRun,
  importKeys,
  savedMappingsQueryOptions,
  uploadImport,
  type ImportJob,
  type ImportKind,
} from '../api/imports-api';

export const KIND_OPTIONS: { value: ImportKind; label: string }[] = [
  { value: 'clients', label: 'Clients' },
  { value: 'contacts', label: 'Contacts' },
  { value: 'leads', label: 'Leads' },
];
export const STATUS_COLORS: Record<string, string> = {
  CREATED: 'green',
  UPDATED: 'blue',
  UNCHANGED: 'default',
  REFUSED: 'red',
};
export const STATUS_LABELS: Record<string, string> = {
  CREATED: 'Created',
  UPDATED: 'Updated',
  UNCHANGED: 'Unchanged',
  REFUSED: 'Refused',
};
const ACCEPT = '.xlsx,.csv';

/** Step 1: what the file holds and the file itself (checked by content on the server). */
export function UploadStep({
  kind,
  kinds,
  onKind,
  onUploaded,
}: {
  kind: ImportKind;
  kinds: { value: ImportKind; label: string }[];
  onKind: (kind: ImportKind) => void;
  onUploaded: (job: ImportJob) => void;
}) {
  const [errors, setErrors] = useState<string[]>([]);
  const upload = useMutation({
    mutationFn: (file: File) => uploadImport(kind, file),
    onSuccess: onUploaded,
    onError: (error) => setErrors(formMessages(error, 'The file could not be read.')),
  });
  return (
    <Flex vertical gap={16}>
      <Form layout="vertical" style={{ maxWidth: 320 }}>
        <Form.Item label="What the file holds" style={{ marginBottom: 0 }}>
          <Select<ImportKind> aria-label="What the file holds" value={kind} options={kinds} onChange={onKind} />
        </Form.Item>
      </Form>
      {errors.length > 0 && <FormErrors title="The file was not accepted." messages={errors} />}
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        customRequest={({ file }) => {
          setErrors([]);
          upload.mutate(file as File);
        }}
        aria-label="File to import"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{upload.isPending ? 'Reading the file…' : 'Click or drop an Excel (.xlsx) or CSV file here'}</p>
        <p className="ant-upload-hint">Its first row names the columns; up to 50,000 rows and 100 columns.</p>
      </Upload.Dragger>
    </Flex>
  );
}

interface MappingForm {
  matchOn: string;
  saveAs?: string;
  [field: string]: string | undefined;
}

/** Step 2: which column each field is read from (suggested from the headers), how rows match records, the dry run. */
export function MappingStep({ job, onChecked }: { job: ImportJob; onChecked: (job: ImportJob) => void }) {
  const [form] = Form.useForm<MappingForm>();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const saved = useQuery(savedMappingsQueryOptions(job.kind as ImportKind));
  const headers = useMemo(() => job.headers.map((h) => ({ value: h, label: h })), [job.headers]);
  const check = useMutation({
    mutationFn: ({ matchOn, saveAs, ...fields }: MappingForm) =>
      dryRun(job.id, {
        mapping: Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1]))),
        matchOn,
        saveAs: saveAs?.trim() || null,
      }),
    onSuccess: (checked) => {
      queryClient.setQueryData(importKeys.job(job.id), checked);
      void queryClient.invalidateQueries({ queryKey: importKeys.mappings(job.kind as ImportKind) });
      onChecked(checked);
    },
    onError: (error) => setErrors(formMessages(error, 'The rows could not be checked.')),
  });
  const applySaved = (id: number) => {
    const mapping = saved.data?.find((m) => m.id === id);
    if (!mapping) return;
    const known = new Set(job.headers);
    form.setFieldsValue({
      ...Object.fromEntries(job.fields.map((f) => [f.name, known.has(mapping.mapping[f.name] ?? '') ? mapping.mapping[f.name] : undefined])),
      matchOn: mapping.matchOn,
    });
  };
  return (
    <Form<MappingForm>
      form={form}
      layout="vertical"
      className="import-mapping"
      initialValues={{ ...job.mapping, matchOn: job.matchOn || Object.keys(job.matchRules)[0] }}
      onFinish={(values) => {
        setErrors([]);
        check.mutate(values);
      }}
    >
      <Typography.Paragraph type="secondary">
        {job.filename}: {job.totalRows.toLocaleString('id-ID')} rows. Each field is read from the column chosen for it; the
        suggestions come from the file&apos;s headers.
      </Typography.Paragraph>
      {errors.length > 0 && <FormErrors title="The rows were not checked." messages={errors} />}
      {saved.data && saved.data.length > 0 && (
        <Form.Item label="Use a saved mapping">
          <Select
            aria-label="Use a saved mapping"
            placeholder="Choose a mapping"
            options={saved.data.map((m) => ({ value: m.id, label: m.name }))}
            onChange={applySaved}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
      )}
      <div className="import-mapping__fields">
        {job.fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            required={field.required}
            rules={field.required ? [{ required: true, message: `Choose the column of ${field.label}.` }] : []}
          >
            <Select aria-label={field.label} allowClear placeholder="Not imported" options={headers} showSearch />
          </Form.Item>
        ))}
      </div>
      <Flex gap={16} wrap>
        <Form.Item name="matchOn" label="Match existing records by" style={{ minWidth: 240 }}>
          <Select
            aria-label="Match existing records by"
            options={Object.entries(job.matchRules).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="saveAs" label="Save this mapping as (optional)" style={{ minWidth: 240 }}>
          <Input maxLength={100} placeholder="e.g. Old CRM clients" />
        </Form.Item>
      </Flex>
      <Button type="primary" htmlType="submit" loading={check.isPending}>
        Check rows (dry run)
      </Button>
    </Form>
  );
}

/** A phase's progress while the server works, from the database: a reload or a worker restart finds it again. */
export function PhaseProgress({ title, done, total }: { title: string; done: number; total: number }) {
  const percent = total ? Math.floor((100 * done) / total) : 100;
  return (
    <Flex vertical gap={8} role="status" aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      <Progress percent={percent} status="active" />
      <Typography.Text type="secondary">
        {done.toLocaleString('id-ID')} of {total.toLocaleString('id-ID')} rows
      </Typography.Text>
    </Flex>
  );
}

/** The totals of a phase: created, updated, unchanged, refused. */
export function PhaseTotals({ counts }: { counts: Record<string, number> }) {
  return (
    <Space size={24} wrap className="import-totals">
      {Object.keys(STATUS_LABELS).map((status) => (
        <Statistic
          key={status}
          title={<Tag color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Tag>}
          value={counts[status] ?? 0}
          groupSeparator="."
        />
      ))}
    </Space>
  );
}

export function NothingToWrite() {
  return <Alert type="warning" showIcon title="Nothing to write: every row is refused or unchanged." />;
}
