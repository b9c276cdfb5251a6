import { ChangeOwnerDialog, useCanReassign } from '@/features/assignment-monitoring/components/change-owner-dialog';
import { LeadEditPage } from '@/features/leads/pages/lead-edit-page';
import { ManagedLeadEditPage } from '@/features/leads/pages/lead-management-forms';

/** /leads/{id}/edit: the leads' edit wizard with, for those who may, Change Owner beside its sales person
 *  (Assignment Monitoring's dialog: its own call, rules and history). */
export function LeadEditRoute() {
  const canReassign = useCanReassign();
  return <LeadEditPage ownerChange={canReassign ? ChangeOwnerDialog : undefined} />;
}

/** /system/leads-management/edit/{id}: the same wizard in Leads Management's place. */
export function LeadsManagementEditRoute() {
  const canReassign = useCanReassign();
  return <ManagedLeadEditPage ownerChange={canReassign ? ChangeOwnerDialog : undefined} />;
}
