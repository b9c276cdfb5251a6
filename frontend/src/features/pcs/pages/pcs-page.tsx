import { FilePdfOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Grid, Result, Skeleton, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { showError, toast } from '@/components/dialogs';
import { FormPage } from '@/components/form-page';
import { leadCrumbs } from '@/components/page';
import { LeadNotFound } from '@/components/lead-not-found';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { invalidateDomains } from '@/lib/query-domains';
import { pcsKeys } from '../api/keys';
import { pcsFormQueryOptions, saveAsDraft, submitForApproval } from '../api/pcs-api';
import type { ItemType, PcsForm, PcsSaveParts } from '../api/types';
import { AddItemDrawer } from '../components/add-item-drawer';
import { ApprovalStatusDialog } from '../components/approval-status-dialog';
import { ItemList } from '../components/item-list';
import { PcsFileArea } from '../components/pcs-file-area';
import { PdfPreviewModal } from '../components/pdf-preview-modal';
import { LeadSummary, RemarkBox, RevisionSelect } from '../components/sheet-header';
import { StatusPill } from '../components/status-pill';
import { SubmitDialog } from '../components/submit-dialog';
import { SummaryBox } from '../components/summary-box';
import { SummaryGrid } from '../components/summary-grid';
import { draftFrom, itemsPayload, monthlySummary, newItem, SUB_SERVICE_REQUIRED, totalsFromSheet, totalsOf, validate, type Draft, type DraftItem } from '../lib/sheet';
import '../pcs.css';

export const SAVED_TOAST = 'Project Cost Sheet successfully saved as draft';
export const SUBMITTED_TOAST = 'Project Cost Sheet successfully submitted. Please wait for approval.';
export const SOMETHING_WRONG = 'Something went wrong !';
export const OOPS = 'Oops...';

function ErrorContent({ error }: { error: unknown }) {
  const messages = isApiError(error) ? error.messages : [errorMessage(error)];
  if (messages.length === 1) return <>{messages[0]}</>;
  return (
    <ul className="pcs-error-list">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

/** Save: 400 or 500 (and any other failure) → 'Something went wrong !' with the server's message (spec §8). */
function showSaveError(error: unknown) {
  void showError({ title: SOMETHING_WRONG, content: <ErrorContent error={error} /> });
}

/** Submit: a 4xx → 'Oops...' with the message; otherwise 'Something went wrong !' (spec §8). */
function showSubmitError(error: unknown) {
  const clientError = isApiError(error) && error.status >= 400 && error.status < 500;
  void showError({ title: clientError ? OOPS : SOMETHING_WRONG, content: <ErrorContent error={error} /> });
}

type TabKey = 'sales' | 'cost' | 'summary';

function PcsSheet({ form, leadId, onBack }: { form: PcsForm; leadId: number; onBack: () => void }) {
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const current = form.projectCostSheets.projectCostSheet;
  const histories = form.projectCostSheets.projectCostSheetHistories;
  const [revision, setRevision] = useState<number | null>(null);
  const history = revision === null ? null : (histories.find((h) => h.revisionBatch === revision) ?? null);
  const shownSheet = history ? history.projectCostSheet : current;
  const readOnly = !form.editable || history !== null;

  const [draft, setDraft] = useState<Draft>(() => draftFrom(current));
  const [dirty, setDirty] = useState(false);
  const historyDraft = useMemo(() => (history ? draftFrom(history.projectCostSheet) : null), [history]);
  const view = historyDraft ?? draft;

  const [tab, setTab] = useState<TabKey>('sales');
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [adding, setAdding] = useState<ItemType | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);
  const [pdfOpen, setPdfOpen] = useState(false);
  // Submit first shows who the sheet will go to, on its current figures
  const [confirming, setConfirming] = useState(false);

  const update = (change: (d: Draft) => Draft) => {
    setDirty(true);
    setDraft(change);
  };
  const changeItem = (item: DraftItem) => update((d) => ({ ...d, items: d.items.map((i) => (i.key === item.key ? item : i)) }));

  const validity = validate(draft, form.subServiceRequired);
  const summary = useMemo(() => monthlySummary(view.items), [view.items]);
  const percent = form.commissionPercent ?? undefined;
  const totals =
    !readOnly && (dirty || !current)
      ? totalsOf(view.items, percent)
      : shownSheet
        ? totalsFromSheet(shownSheet)
        : totalsOf(view.items, percent);

  const payload = (): PcsSaveParts => ({
    leadsId: leadId,
    remark: draft.remark.trim(),
    projectCostSheetItems: itemsPayload(draft.items),
    uploadedFileState: { isDeletedByUser: draft.fileRemoved },
    uploadedFile: draft.upload,
    // the revision being edited (the server refuses any but the current one); none for a new sheet
    revisionBatch: current?.revisionBatch ?? null,
  });
  const refresh = (answer: PcsForm) => {
    queryClient.setQueryData(pcsKeys.form(leadId), answer);
    // The lead detail shows the sheet too (its cost sheet card).
    void invalidateDomains(queryClient, 'leads');
    void queryClient.invalidateQueries({ queryKey: pcsKeys.flows(leadId) });
  };
  const save = useMutation({
    mutationFn: () => saveAsDraft(payload()),
    onSuccess: (answer) => {
      refresh(answer);
      toast.success(SAVED_TOAST);
      onBack();
    },
    onError: showSaveError,
  });
  const submit = useMutation({
    mutationFn: () => submitForApproval(payload()),
    onSuccess: (answer) => {
      refresh(answer);
      toast.success(SUBMITTED_TOAST);
    },
    onError: showSubmitError,
  });
  const pending = save.isPending || submit.isPending;

  const status = history ? history.status : (current?.status ?? null);
  const version = `${current?.id ?? 0}:${current?.pcsVersion ?? 0}`;
  const itemsOf = (type: ItemType) => view.items.filter((i) => i.type === type);
  const list = (type: ItemType) => (
    <ItemList
      type={type}
      items={itemsOf(type)}
      readOnly={readOnly}
      openKeys={openKeys}
      onOpenKeysChange={setOpenKeys}
      onAdd={() => setAdding(type)}
      onChange={changeItem}
      onRemove={(key) => update((d) => ({ ...d, items: d.items.filter((i) => i.key !== key) }))}
    />
  );

  return (
    <FormPage
      breadcrumb={leadCrumbs(leadId, form.lead.projectName, 'Project Cost Sheet')}
      title="Project Cost Sheet"
      subtitle={`${form.lead.clientName} · ${form.lead.projectName}`}
      subtitleEllipsis
      action={
        <div className="pcs-page__status">
          <span className="pcs-field__label">Status</span>
          <StatusPill status={status} onClick={status ? () => setStatusOpen(true) : undefined} />
        </div>
      }
      width="full"
      className="pcs-page"
      card={false}
    >

      {!form.editable && form.lockReason && history === null && (
        <Alert className="pcs-page__alert" type="info" showIcon title={form.lockReason} />
      )}
      {history && (
        <Alert
          className="pcs-page__alert"
          type="info"
          showIcon
          title={`You are viewing Revision ${history.revisionBatch}, read-only.`}
        />
      )}

      <Card variant="borderless" className="pcs-card">
        <div className="pcs-top">
          <div className="pcs-top__revision">
            <span className="pcs-field__label">Revision</span>
            <RevisionSelect revisions={form.revisions} value={revision} onChange={setRevision} />
          </div>
          <div className="pcs-top__file">
            <span className="pcs-field__label">PCS File</span>
            <PcsFileArea
              file={history ? (history.projectCostSheet.pcsFile ?? null) : draft.fileRemoved ? null : draft.file}
              upload={history ? null : draft.upload}
              locked={readOnly}
              onChoose={(file) => update((d) => ({ ...d, upload: file }))}
              onRemove={() => update((d) => (d.upload ? { ...d, upload: null } : { ...d, fileRemoved: true }))}
            />
          </div>
        </div>
        {history === null && (
          <RemarkBox
            value={draft.remark}
            readOnly={readOnly}
            error={validity.remark}
            showError={draft.items.length > 0}
            onChange={(remark) => update((d) => ({ ...d, remark }))}
          />
        )}
        <LeadSummary form={form} />
      </Card>

      <SummaryBox totals={totals} canSeeCommission={form.canSeeCommission} />
      {!readOnly && validity.grossProfit && (
        <Typography.Text type="danger" className="pcs-page__gp">
          {validity.grossProfit}
        </Typography.Text>
      )}
      {!readOnly && form.subServiceRequired && (
        <Typography.Text type="danger" strong className="pcs-page__sub-service" role="alert">
          {SUB_SERVICE_REQUIRED}
        </Typography.Text>
      )}

      <Card variant="borderless" className="pcs-card pcs-tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            { key: 'sales', label: `Sales (${itemsOf('REVENUE').length})`, children: list('REVENUE') },
            { key: 'cost', label: `Cost of Sales (${itemsOf('COST').length})`, children: list('COST') },
            { key: 'summary', label: 'Summary', children: <SummaryGrid summary={summary} items={view.items} /> },
          ]}
        />
      </Card>

      <div className="pcs-actions">
        <Button
          icon={<FilePdfOutlined />}
          disabled={!shownSheet}
          onClick={() => setPdfOpen(true)}
          aria-label="Preview PDF"
          title="Preview PDF"
        >
          {screens.md === false ? null : 'Preview PDF'}
        </Button>
        <div className="pcs-actions__main">
          <Button
            icon={<SaveOutlined />}
            disabled={readOnly || !validity.canSave || pending}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            Save as Draft
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={readOnly || !validity.canSubmit || pending}
            loading={submit.isPending}
            onClick={() => setConfirming(true)}
          >
            Submit
          </Button>
        </div>
      </div>

      <AddItemDrawer
        type={adding}
        onClose={() => setAdding(null)}
        onPick={(coa, type) => {
          const item = newItem(coa, type);
          update((d) => ({ ...d, items: [...d.items, item] }));
          setOpenKeys((keys) => [...keys, item.key]);
          setAdding(null);
        }}
      />
      {status && (
        <ApprovalStatusDialog
          open={statusOpen}
          leadId={leadId}
          status={status}
          revisionBatch={history ? history.revisionBatch : null}
          onClose={() => setStatusOpen(false)}
        />
      )}
      <SubmitDialog
        open={confirming}
        leadId={leadId}
        totals={totals}
        onCancel={() => setConfirming(false)}
        onSubmit={() => {
          setConfirming(false);
          submit.mutate();
        }}
      />
      <PdfPreviewModal
        open={pdfOpen}
        leadId={leadId}
        revisionBatch={history ? history.revisionBatch : null}
        clientName={form.lead.clientName}
        projectName={form.lead.projectName}
        version={version}
        onClose={() => setPdfOpen(false)}
      />
    </FormPage>
  );
}

/** leads/{leadId}/project-cost-sheet: the lead's cost sheet, its revisions, approval status and PDF. */
export function PcsPage() {
  const { leadId } = useParams();
  const id = Number(leadId);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const location = useLocation();
  const form = useQuery({ ...pcsFormQueryOptions(id), enabled: valid });
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(`/leads/${id}`));

  if (!valid || (form.isError && isApiError(form.error) && form.error.status === 404)) {
    return <LeadNotFound />;
  }
  if (form.isError && !form.data) {
    return <Result status="error" title="Error loading data" subTitle={errorMessage(form.error)} />;
  }
  if (!form.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  const pcs = form.data.projectCostSheets.projectCostSheet;
  // A new answer from the server (a save, a submit) starts the screen again from it.
  const key = `${pcs?.id ?? 'new'}:${pcs?.pcsVersion ?? 0}:${pcs?.revisionBatch ?? 0}:${pcs?.status ?? ''}`;
  return <PcsSheet key={key} form={form.data} leadId={id} onBack={goBack} />;
}
