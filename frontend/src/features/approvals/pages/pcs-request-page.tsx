import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { Page, systemCrumbs } from '@/components/page';
import { saveBlob } from '@/lib/api/download';
import { errorMessage } from '@/lib/api/errors';
import { formatIDR, formatRate } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { useObjectUrl } from '@/lib/use-object-url';
import { pcsRequestQueryOptions, REGISTER_PAGES, REGISTER_PATHS, registerPdfQueryOptions } from '../api/registers-api';
import type { RegisterRow, RegisterSheet } from '../api/types';
import { askedText } from '../components/register-cells';
import { RequestSummary } from '../components/request-summary';
import { WithdrawAction } from '../components/withdraw-action';

const SHEET_STATUS: Record<string, string> = {
  SAVED_AS_DRAFT: 'Saved as draft',
  WAITING_FOR_APPROVAL: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

function SheetSummary({ sheet }: { sheet: RegisterSheet }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 3 }}
      items={[
        { key: 'revision', label: 'Revision', children: sheet.revisionBatch },
        { key: 'status', label: 'Sheet status', children: SHEET_STATUS[sheet.status] ?? sheet.status },
        { key: 'items', label: 'Items', children: sheet.items },
        { key: 'revenue', label: 'Sales', children: formatIDR(sheet.totalRevenue) },
        { key: 'cost', label: 'Cost of sales', children: formatIDR(sheet.totalCost) },
        { key: 'gp', label: 'Gross profit', children: `${formatIDR(sheet.grossProfit)} (${formatRate(sheet.grossProfitMargin)})` },
        { key: 'remark', label: 'Remark', children: sheet.remark || '-', span: 'filled' },
      ]}
    />
  );
}

/** The revision's PDF (the lead's cost sheet PDF call) in a frame, with Download PDF. */
function PdfPreview({ row, revision }: { row: RegisterRow; revision: number | null }) {
  const pdf = useQuery(registerPdfQueryOptions(row.leadId, revision));
  const url = useObjectUrl(pdf.data);
  return (
    <Card
      size="small"
      title="Project Cost Sheet PDF"
      extra={
        <Button
          icon={<DownloadOutlined />}
          disabled={!pdf.data}
          onClick={() => pdf.data && saveBlob(pdf.data, `PCS_${row.clientName ?? ''}_${row.projectName ?? ''}.pdf`)}
        >
          Download PDF
        </Button>
      }
    >
      {pdf.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : pdf.isError ? (
        <Alert type="warning" showIcon title="The PDF cannot be shown" description={errorMessage(pdf.error)} />
      ) : url ? (
        <iframe title="Project Cost Sheet PDF" src={url} className="register-pdf" />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

/** /system/pcs-approval/{approvalId}: the revision's summary, its approval layers and its PDF; Withdraw while
 *  pending (the sheet goes back to draft). */
export function PcsRequestPage() {
  const access = usePageAccess(REGISTER_PAGES.pcs);
  const approvalId = Number(useParams().approvalId);
  const found = useQuery({ ...pcsRequestQueryOptions(approvalId), enabled: access.isRead && approvalId > 0 });
  const detail = found.data;
  const what = detail ? askedText(detail.request) : '';
  return (
    <Page
      breadcrumb={systemCrumbs('PCS Approval', REGISTER_PATHS.pcs, `Request #${approvalId}`)}
      title={`Cost sheet request #${approvalId}`}
      subtitle={detail ? `${detail.request.projectName ?? ''} (${detail.request.clientName ?? ''})` : undefined}
      width="full"
      actions={detail?.canWithdraw && access.isEdit && <WithdrawAction kind="pcs" approvalId={approvalId} what={what} />}
      loading={found.isPending && access.isRead}
      error={found.error}
    >
      {!access.isRead ? (
        'You do not have access to view the approval requests.'
      ) : detail ? (
        <Flex vertical gap={16}>
          <Card size="small" title="Cost sheet">
            {detail.sheet ? <SheetSummary sheet={detail.sheet} /> : 'This revision is no longer kept.'}
          </Card>
          <Card size="small" title="Approval">
            <RequestSummary row={detail.request} timeline={detail.timeline} />
          </Card>
          <PdfPreview row={detail.request} revision={detail.sheet?.revisionBatch ?? detail.request.revision ?? null} />
        </Flex>
      ) : null}
    </Page>
  );
}
