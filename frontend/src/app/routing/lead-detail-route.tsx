import { LeadDetailPage, type LeadCostSheetCardProps } from '@/features/leads/pages/lead-detail-page';
import { LeadPcsCard } from '@/features/pcs/components/lead-pcs-card';
import { LeadActivities } from '@/features/activities/components/lead-activities';
import { LeadDecision } from '@/features/approvals/components/lead-decision';
import { ChangeOwnerDialog, useCanReassign } from '@/features/assignment-monitoring/components/change-owner-dialog';

/** The lead's cost sheet card, from what the lead detail loaded (refetched with it every 10 seconds). */
function LeadCostSheetCard({ lead, screens }: LeadCostSheetCardProps) {
  return (
    <LeadPcsCard
      leadId={lead.id}
      sheet={lead.projectCostSheets.projectCostSheet}
      projectIdNumbers={lead.projectIdNumbers}
      screens={screens}
    />
  );
}

/** /leads/{id} and /leads/{id}/view: the app composes the lead detail (leads) with its cost sheet card (pcs), its
 *  activities (activities), the decision of an approver it waits for (approvals) and, for those who may, the change
 *  of its owner (assignment monitoring). */
export function LeadDetailRoute() {
  const canReassign = useCanReassign();
  return (
    <LeadDetailPage
      costSheetCard={LeadCostSheetCard}
      activities={LeadActivities}
      decision={LeadDecision}
      ownerChange={canReassign ? ChangeOwnerDialog : undefined}
    />
  );
}
