import { DownloadOutlined, RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Grid, List, Steps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { showConfirm, toast } from '@/components/dialogs';
import { Page, systemCrumbs } from '@/components/page';
import { saveBlob } from '@/lib/api/download';
import { errorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { usePageAccess, useSession } from '@/lib/session';
import { useUrlFilters } from '@/lib/use-url-filters';
import {
  confirmImport,
  importJobQueryOptions,
  importJobsQueryOptions,
  importKeys,
  importResult,
  undoImport,
  IMPORT_PAGE,
  type ImportJob,
} from '../api/imports-api';
import { ImportRows } from '../components/import-rows';
import { KIND_OPTIONS, MappingStep, NothingToWrite, PhaseProgress, PhaseTotals, UploadStep } from '../components/import-steps';
import '../imports.css';

export const NO_ACCESS = 'You may not import data.';
const STEP_OF: Record<string, number> = { UPLOADED: 1, CHECKING: 2, CHECKED: 2, RUNNING: 3, DONE: 3, UNDONE: 3 };
const KIND_LABEL = Object.fromEntries(KIND_OPTIONS.map((o) => [o.value, o.label]));

/**
 * /system/import: a spreadsheet of clients, contacts or leads brought in. Upload it, map its columns, check every row
 * (the dry run: created, updated, unchanged or refused with the form's own message, nothing written), import it (a
 * batch per transaction; large files by a workflow whose progress a reload finds again: the import's id is in the
 * address), download the result with a status column, or undo the whole import while none of its records changed.
 */
export function ImportPage() {
  const access = usePageAccess(IMPORT_PAGE);
  const phone = Grid.useBreakpoint().md === false;
  const [url, setUrl] = useUrlFilters({ job: '', kind: '' });
  const jobId = /^\d+$/.test(url.job) ? Number(url.job) : null;
  // who sees every lead imports anything; a team leader their team's leads (the server's rule)
  const kinds = useSession().user?.hierarchyWhitelist ? KIND_OPTIONS : KIND_OPTIONS.filter((o) => o.value === 'leads');
  const kind = (kinds.find((o) => o.value === url.kind) ?? kinds[0]).value;
  const queryClient = useQueryClient();
  const job = useQuery({ ...importJobQueryOptions(jobId ?? 0), enabled: jobId !== null && access.isRead });
  const [remapping, setRemapping] = useState(false);
  const open = (next: ImportJob) => {
    queryClient.setQueryData(importKeys.job(next.id), next);
    void queryClient.invalidateQueries({ queryKey: importKeys.jobs() });
    setRemapping(false);
    setUrl({ job: String(next.id), kind: next.kind });
  };
  const current = jobId === null ? undefined : job.data;
  const step = current ? (remapping ? 1 : (STEP_OF[current.status] ?? 1)) : 0;

  return (
    <Page
      breadcrumb={systemCrumbs('Import')}
      title="Import"
      subtitle="Bring clients, contacts and leads in from a spreadsheet: every row checked before anything is written."
      card
      cardClassName="import-card"
      actions={
        jobId !== null && (
          <Button icon={<UploadOutlined />} onClick={() => setUrl({ job: '' })}>
            New import
          </Button>
        )
      }
    >
      {!access.isRead ? (
        <Alert type="info" showIcon title={NO_ACCESS} />
      ) : (
        <Flex vertical gap={24}>
          <Steps
            size="small"
            current={step}
            responsive={false}
            labelPlacement={phone ? 'vertical' : 'horizontal'}
            className="import-steps"
            items={[{ title: 'Upload' }, { title: phone ? 'Map' : 'Map columns' }, { title: 'Check' }, { title: 'Import' }]}
          />
          {job.error && <Alert type="error" showIcon title={errorMessage(job.error)} />}
          {jobId === null ? (
            <UploadStep kind={kind} kinds={kinds} onKind={(next) => setUrl({ kind: next })} onUploaded={open} />
          ) : !current ? null : step === 1 ? (
            <MappingStep job={current} onChecked={open} />
          ) : (
            <JobProgress job={current} onRemap={() => setRemapping(true)} onNewFile={() => setUrl({ job: '', kind: current.kind })} />
          )}
          <RecentImports current={jobId} />
        </Flex>
      )}
    </Page>
  );
}

/** Steps 3 and 4: the dry run's and the import's progress, totals and rows; import, download, undo. */
function JobProgress({ job, onRemap, onNewFile }: { job: ImportJob; onRemap: () => void; onNewFile: () => void }) {
  const queryClient = useQueryClient();
  const settle = (next: ImportJob) => {
    queryClient.setQueryData(importKeys.job(job.id), next);
    void queryClient.invalidateQueries({ queryKey: importKeys.all });
  };
  const confirm = useMutation({
    mutationFn: () => confirmImport(job.id),
    onSuccess: settle,
    onError: (error) => toast.error('The import did not start', errorMessage(error)),
  });
  const undo = useMutation({
    mutationFn: () => undoImport(job.id),
    onSuccess: (next) => {
      settle(next);
      toast.success('The import was undone.');
    },
    onError: (error) => toast.error('The import was not undone', errorMessage(error)),
  });
  const download = useMutation({
    mutationFn: () => importResult(job.id),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
    onError: (error) => toast.error('The result was not downloaded', errorMessage(error)),
  });
  const writes = (job.dryRun.counts.CREATED ?? 0) + (job.dryRun.counts.UPDATED ?? 0);

  if (job.status === 'CHECKING') return <PhaseProgress title="Checking every row" done={job.dryRun.done} total={job.dryRun.total} />;
  if (job.status === 'RUNNING') return <PhaseProgress title="Importing" done={job.run.done} total={job.run.total} />;
  if (job.status === 'CHECKED') {
    return (
      <Flex vertical gap={16}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          The dry run of {job.filename}: nothing is written yet
        </Typography.Title>
        <PhaseTotals counts={job.dryRun.counts} />
        {writes === 0 && <NothingToWrite />}
        {(job.dryRun.counts.REFUSED ?? 0) > 0 && (
          <Alert
            type="warning"
            showIcon
            title="Refused rows are left out of the import."
            description="Fix them in the file and upload it again, or import the others now and the refused ones later."
          />
        )}
        <Flex gap={8} wrap>
          <Button type="primary" disabled={writes === 0} loading={confirm.isPending} onClick={() => confirm.mutate()}>
            Import {writes.toLocaleString('id-ID')} rows
          </Button>
          <Button onClick={onRemap}>Change the mapping</Button>
          <Button icon={<UploadOutlined />} onClick={onNewFile}>
            Upload a corrected file
          </Button>
        </Flex>
        <ImportRows job={job} phase="DRY" initial={(job.dryRun.counts.REFUSED ?? 0) > 0 ? 'REFUSED' : 'ALL'} />
      </Flex>
    );
  }
  const undone = job.status === 'UNDONE';
  return (
    <Flex vertical gap={16}>
      {undone ? (
        <Alert type="info" showIcon title={`Undone ${job.undoneAt ? formatDateTime(job.undoneAt) : ''}: its records are gone or back as they were.`} />
      ) : (
        <Alert type="success" showIcon title={`Imported ${job.finishedAt ? formatDateTime(job.finishedAt) : ''}.`} />
      )}
      <PhaseTotals counts={job.run.counts} />
      <Flex gap={8} wrap>
        <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
          Download the result
        </Button>
        {!undone && (
          <Button
            danger
            icon={<RollbackOutlined />}
            loading={undo.isPending}
            onClick={() =>
              void showConfirm({
                title: 'Undo Import',
                content: `Remove what ${job.filename} created and put back what it updated? It is refused if any of them changed since.`,
                okText: 'Undo',
                danger: true,
                onOk: () => undo.mutateAsync(),
              })
            }
          >
            Undo the import
          </Button>
        )}
      </Flex>
      <ImportRows job={job} phase="RUN" />
    </Flex>
  );
}

/** The imports one made (every import for an administrator), the newest first: a link opens one again. */
function RecentImports({ current }: { current: number | null }) {
  const jobs = useQuery(importJobsQueryOptions());
  if (!jobs.data || jobs.data.length === 0) return null;
  return (
    <Card size="small" title="Recent imports" className="import-recent">
      <List
        size="small"
        dataSource={jobs.data.slice(0, 8)}
        renderItem={(item) => (
          <List.Item
            extra={<Tag>{item.status.toLowerCase()}</Tag>}
            className={item.id === current ? 'is-current' : undefined}
          >
            <Link to={`?job=${item.id}`}>{item.filename}</Link>
            <Typography.Text type="secondary" className="import-recent__meta">
              {KIND_LABEL[item.kind] ?? item.kind} · {item.totalRows.toLocaleString('id-ID')} rows · {formatDateTime(item.createdAt)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
