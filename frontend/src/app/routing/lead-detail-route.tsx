import { LeadDetailPage, type LeadCostSheetCardProps } from '@/features/leads/pages/lead-detail-page';
import { LeadPcsCard } from '@/features/pcs/components/lead-pcs-card';
import { LeadActivities } from '@/features/activities/components/lead-activities';

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

/** /leads/{id} and /leads/{id}/view: the app composes the lead detail (leads) with its cost sheet card (pcs) and its
 *  activities (activities). */
export function LeadDetailRoute() {
  return <LeadDetailPage costSheetCard={LeadCostSheetCard} activities={LeadActivities} />;
}
