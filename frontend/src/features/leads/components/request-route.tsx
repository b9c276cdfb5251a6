import { useQuery } from '@tanstack/react-query';
import { ApprovalRoute } from '@/components/approval-route';
import { requestRouteQueryOptions } from '../api/leads-api';
import type { RouteRequestIn } from '../api/types';

/**
 * Who a request of the lead would go to, layer by layer, as the server would route it now; read again when the
 * request changes (another stage, figures edited on the form it is saved with). A refusal (no pipeline, a request
 * already waiting) shows its message.
 */
export function LeadRequestRoute({ leadId, request }: { leadId: number; request: RouteRequestIn }) {
  const route = useQuery(requestRouteQueryOptions(leadId, request));
  return <ApprovalRoute route={route.data} loading={route.isLoading} error={route.error} />;
}
