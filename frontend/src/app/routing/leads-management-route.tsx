import { ChangeOwnerDialog, useCanReassign } from '@/features/assignment-monitoring/components/change-owner-dialog';
import { LeadsManagementPage } from '@/features/leads/pages/leads-management-page';

/** /system/leads-management: the app composes the table (leads) with, for those who may, the change of the owner of
 *  a row or of the chosen rows (assignment monitoring). */
export function LeadsManagementRoute() {
  const canReassign = useCanReassign();
  return <LeadsManagementPage changeOwner={canReassign ? ChangeOwnerDialog : undefined} />;
}
