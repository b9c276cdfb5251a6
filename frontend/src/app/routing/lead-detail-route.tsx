import { LeadDetailPage, type LeadCostSheetCardProps } from '@/features/leads/pages/lead-detail-page';
import { LeadPcsCard } from '@/features/pcs/components/lead-pcs-card';

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

/** /leads/{id} and /leads/{id}/view: the app composes the lead detail (leads) with its cost sheet card (pcs). */
export function LeadDetailRoute() {
  return <LeadDetailPage costSheetCard={LeadCostSheetCard} />;
}
