/**
 * What the leads' pages hand the parts the app composes into them from other features (the owner change of
 * Assignment Monitoring, an approver's decision of the approval queue): the leads feature names the props, the app's
 * routes give the components.
 */

/** A lead whose owner changes. */
export interface OwnerChangeLead {
  id: number;
  projectName: string;
  salesPersonId: number;
  salesFullname: string;
}

/** The owner change dialog: the leads chosen, and what to do when it closes or has moved them. */
export interface OwnerChangeDialogProps {
  leads: OwnerChangeLead[];
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}

/** An approver's decision on the lead's own page: the requests on it waiting for the reader. */
export interface LeadDecisionProps {
  leadId: number;
}
