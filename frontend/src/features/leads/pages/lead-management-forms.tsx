import { Result } from 'antd';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { systemCrumbs } from '@/components/page';
import { usePageAccess } from '@/lib/session';
import { LEADS_MANAGEMENT_PAGE, LEADS_MANAGEMENT_PATH } from '../api/ops-api';
import { LeadCreatePage, type LeadCreatePlace } from './lead-create-page';
import type { OwnerChangeDialogProps } from '../lib/composed';
import { LeadEditPage, type LeadEditPlace } from './lead-edit-page';

const ADD_PLACE: LeadCreatePlace = {
  breadcrumb: systemCrumbs('Leads Management', LEADS_MANAGEMENT_PATH, 'Add Lead'),
  cancelTo: LEADS_MANAGEMENT_PATH,
  createdTo: () => LEADS_MANAGEMENT_PATH,
  requireSalesPerson: true,
};

const EDIT_PLACE: LeadEditPlace = {
  breadcrumb: (_, projectName) => systemCrumbs('Leads Management', LEADS_MANAGEMENT_PATH, `Edit ${projectName}`),
  backTo: () => LEADS_MANAGEMENT_PATH,
  listTo: LEADS_MANAGEMENT_PATH,
  backLabel: 'Back to Leads Management',
};

function NoAccess({ what }: { what: string }) {
  return <Result status="403" title="Access Denied." subTitle={`You may not ${what} leads here.`} />;
}

/** /system/leads-management/add: the leads' create wizard (the same call and rules), with the page's Add flag. */
export function ManagedLeadAddPage() {
  const access = usePageAccess(LEADS_MANAGEMENT_PAGE);
  return access.isWrite ? <LeadCreatePage place={ADD_PLACE} /> : <NoAccess what="add" />;
}

/**
 * /system/leads-management/edit/{leadsId}: the leads' edit wizard (the same call, stage rules and approval gates),
 * with the page's Edit flag.
 */
export function ManagedLeadEditPage({ ownerChange }: { ownerChange?: ComponentType<OwnerChangeDialogProps> } = {}) {
  const { leadsId } = useParams();
  const access = usePageAccess(LEADS_MANAGEMENT_PAGE);
  return access.isEdit ? (
    <LeadEditPage place={EDIT_PLACE} leadId={leadsId} ownerChange={ownerChange} />
  ) : (
    <NoAccess what="edit" />
  );
}
