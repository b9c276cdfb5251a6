import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Page, systemCrumbs } from '@/components/page';
import { usePageAccess } from '@/lib/session';
import { leadRequestQueryOptions, REGISTER_PAGES, REGISTER_PATHS } from '../api/registers-api';
import { askedText, whatText } from '../components/register-cells';
import { RequestSummary } from '../components/request-summary';
import { WithdrawAction } from '../components/withdraw-action';

/** /system/lead-approval/{approvalId}/edit: the request with its timeline, and Withdraw while it is pending. */
export function LeadRequestPage() {
  const access = usePageAccess(REGISTER_PAGES.lead);
  const approvalId = Number(useParams().approvalId);
  const found = useQuery({ ...leadRequestQueryOptions(approvalId), enabled: access.isRead && approvalId > 0 });
  const detail = found.data;
  return (
    <Page
      breadcrumb={systemCrumbs('Lead Approval', REGISTER_PATHS.lead, `Request #${approvalId}`)}
      title={`Request #${approvalId}`}
      subtitle={detail ? `${whatText(detail.request)} · ${detail.request.projectName ?? ''}` : undefined}
      width="full"
      card
      actions={
        detail?.canWithdraw &&
        access.isEdit && (
          <WithdrawAction kind="lead" approvalId={approvalId} what={askedText(detail.request)} />
        )
      }
      loading={found.isPending && access.isRead}
      error={found.error}
    >
      {!access.isRead ? 'You do not have access to view the approval requests.' : detail ? (
        <RequestSummary row={detail.request} timeline={detail.timeline} />
      ) : null}
    </Page>
  );
}
