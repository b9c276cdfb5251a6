import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ActivityFormPage } from '@/features/activities/pages/activity-form-page';
import { LeadSummary } from '@/features/leads/components/lead-summary';
import { leadQueryOptions } from '@/features/leads/api/leads-api';
import '@/features/leads/leads.css';

/** /leads/{id}/activity/add/{media}: the app composes the activity form (activities) with the lead (leads). */
export function ActivityFormRoute() {
  const id = Number(useParams().leadId);
  const lead = useQuery({ ...leadQueryOptions(id), enabled: Number.isInteger(id) && id > 0, refetchInterval: false });
  const data = lead.data;
  return (
    <ActivityFormPage
      lead={data ? { id: data.id, projectName: data.projectName, clientName: data.clientName } : undefined}
      leadPanel={data ? <LeadSummary lead={data} /> : undefined}
      leadError={lead.isError && !data ? lead.error : undefined}
    />
  );
}
