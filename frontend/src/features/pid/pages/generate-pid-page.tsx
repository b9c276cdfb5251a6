import { CheckCircleFilled, FilePdfOutlined, NumberOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Result, Skeleton, Steps, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { showConfirm, showError } from '@/components/dialogs';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { saveBlob } from '@/lib/api/download';
import { FormPage } from '@/components/form-page';
import { leadCrumbs } from '@/components/page';
import { LeadNotFound } from '@/components/lead-not-found';
import { DOWNLOAD_ERROR_SECONDS, DOWNLOAD_FAILED, fileSizeText } from '@/lib/files';
import { pidKeys } from '../api/keys';
import { fetchPidPdf, generatePid, PID_POLL_MS, pidOverviewQueryOptions } from '../api/pid-api';
import type { PidOverview, ProjectIdNumber } from '../api/pid-api';
import '../pid.css';

export const CONFIRM_TITLE = 'Generate PID ?';
export const CONFIRM_TEXT =
  'The PID is permanently tied to this project: once generated it cannot be changed or removed.';
export const NOT_APPROVED = 'The project cost sheet must be approved before a PID is generated.';
export const NOT_SALES_PERSON = "Only the lead's sales person can generate its PID.";
/** The PID workflow is still rendering this PID's PDF (a PID given without a cost sheet never gets one). */
const pdfPending = (pid: ProjectIdNumber) => !pid.pdfFile && pid.pdfPending;
/** The generation is over: there is a PID, and no PDF is still being rendered. */
const settled = (pids: ProjectIdNumber[]) => pids.length > 0 && !pids.some(pdfPending);

/** After this long the progress says it is taking longer than usual (it keeps waiting). */
const SLOW_AFTER_MS = 45_000;


function PidRow({ leadId, pid }: { leadId: number; pid: ProjectIdNumber }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    if (!pid.pdfFile) return;
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await fetchPidPdf(leadId, pid.id), pid.pdfFile.name);
    } catch {
      setFailed(true);
      setTimeout(() => setFailed(false), DOWNLOAD_ERROR_SECONDS * 1000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="pid-row">
      <label className="pid-row__label" htmlFor={`pid-${pid.id}`}>
        PID Number
      </label>
      <Input
        id={`pid-${pid.id}`}
        className="pid-row__number"
        value={pid.pidNumber}
        readOnly
        prefix={<NumberOutlined />}
        aria-readonly="true"
      />
      <Typography.Text type="secondary" className="pid-row__meta">
        Generated {formatDateTime(pid.createdAt)}
      </Typography.Text>
      {pid.pdfFile ? (
        <Button type="link" className="pid-row__file" icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()}>
          {pid.pdfFile.name} <span className="pid-row__size">({fileSizeText(pid.pdfFile.size)})</span>
        </Button>
      ) : (
        <Typography.Text type="secondary" className="pid-row__file">
          {pid.pdfPending ? 'The PDF is being prepared…' : 'No PDF was generated with this PID.'}
        </Typography.Text>
      )}
      {failed && <Alert type="error" showIcon title={DOWNLOAD_FAILED} className="pid-row__error" />}
    </div>
  );
}

/** Where generation stands: requested → number allocated → PDF stored. */
function GenerationProgress({ overview, slow }: { overview: PidOverview; slow: boolean }) {
  const pid = overview.projectIdNumbers[0];
  const current = !pid ? 1 : !pid.pdfFile ? 2 : 3;
  return (
    <div className="pid-progress" role="status" aria-live="polite">
      <Steps
        orientation="vertical"
        current={current}
        items={[
          { title: 'Requested', content: 'The PID generation has started.' },
          { title: 'PID number', content: pid ? pid.pidNumber : 'Allocating the next number…' },
          { title: 'Project cost sheet PDF', content: pid?.pdfFile ? pid.pdfFile.name : 'Rendering and storing the PDF…' },
        ]}
      />
      {slow && (
        <Alert
          type="info"
          showIcon
          title="This is taking longer than usual. The PID keeps being generated; you may leave and come back."
        />
      )}
    </div>
  );
}

interface GeneratorTabProps {
  overview: PidOverview;
  leadId: number;
  /** The user confirmed and the server started the generation. */
  requested: boolean;
  onRequested: () => void;
}

function GeneratorTab({ overview, leadId, requested, onRequested }: GeneratorTabProps) {
  const queryClient = useQueryClient();
  const [slow, setSlow] = useState(false);
  const start = useMutation({
    mutationFn: () => generatePid(leadId),
    onSuccess: () => {
      onRequested();
      void queryClient.invalidateQueries({ queryKey: pidKeys.overview(leadId) });
    },
    onError: (error) => void showError({ title: 'Oops...', content: errorMessage(error) }),
  });

  useEffect(() => {
    if (!requested) return undefined;
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [requested]);

  const pids = overview.projectIdNumbers;

  if (requested && !settled(pids)) return <GenerationProgress overview={overview} slow={slow} />;

  if (pids.length > 0) {
    return (
      <div className="pid-list">
        {requested && (
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleFilled />}
            title={`PID ${pids[0].pidNumber} has been generated.`}
            className="pid-list__done"
          />
        )}
        {pids.map((pid) => (
          <PidRow key={pid.id} leadId={leadId} pid={pid} />
        ))}
      </div>
    );
  }

  const confirm = () =>
    void showConfirm({
      title: CONFIRM_TITLE,
      content: CONFIRM_TEXT,
      okText: 'Generate',
      onOk: () => start.mutateAsync().catch(() => undefined),
    });

  const reason = !overview.approved ? NOT_APPROVED : !overview.canGenerate ? NOT_SALES_PERSON : null;
  return (
    <div className="pid-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No PID has been generated for this project yet."
      />
      {reason && (
        <Alert
          type="warning"
          showIcon
          title={reason}
          className="pid-empty__reason"
          action={
            !overview.approved ? (
              <Link to={`/leads/${leadId}/project-cost-sheet`}>Project Cost Sheet</Link>
            ) : undefined
          }
        />
      )}
      <Button type="primary" size="large" disabled={reason !== null} loading={start.isPending} onClick={confirm}>
        Generate PID
      </Button>
    </div>
  );
}

/** Spec 3 §2.7: leads/{leadId}/generate-pid. */
export function GeneratePidPage() {
  const { leadId } = useParams();
  const id = Number(leadId);
  const navigate = useNavigate();
  const location = useLocation();
  const [requested, setRequested] = useState(false);
  const overview = useQuery({
    ...pidOverviewQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    // Poll until the PID and its PDF are there: after a confirmed request, or while a generation started
    // elsewhere (the approval itself) has a PID without its PDF yet.
    refetchInterval: (query) => {
      const pids = query.state.data?.projectIdNumbers ?? [];
      return (requested && !settled(pids)) || pids.some(pdfPending) ? PID_POLL_MS : false;
    },
  });

  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(`/leads/${id}`));

  if (overview.isPending) return <Skeleton active className="page" />;
  if (overview.isError) {
    if (isApiError(overview.error) && overview.error.status === 404) {
      return <LeadNotFound />;
    }
    return <Result status="error" title="Error loading data" subTitle={errorMessage(overview.error)} />;
  }
  const data = overview.data;

  return (
    <FormPage
      breadcrumb={leadCrumbs(id, data.projectName, 'Generate PID')}
      title={`Generate PID Number for ${data.projectName}`}
      subtitle={data.clientName}
      className="pid-page"
      cardClassName="pid-card"
    >
      <Tabs
        items={[
          {
            key: 'generator',
            label: 'PID Generator',
            children: (
              <GeneratorTab
                overview={data}
                leadId={id}
                requested={requested}
                onRequested={() => setRequested(true)}
              />
            ),
          },
        ]}
      />
      <div className="pid-card__footer">
        <Button type="primary" onClick={goBack}>
          Finish
        </Button>
      </div>
    </FormPage>
  );
}
