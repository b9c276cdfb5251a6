import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Modal, Select, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '@/components/dialogs';
import { FormErrors } from '@/components/form-errors';
import { formMessages } from '@/lib/api/errors';
import { usePageAccess } from '@/lib/session';
import { ASSIGNMENT_PAGE, changeOwner, leadsText, peopleQueryOptions, refreshAfterMove } from '../api/assignment-api';
import { ReasonInput } from './reason-input';
import '../assignment-monitoring.css';

export const CHANGE_OWNER_FAILED = 'The owner was not changed';
export const NEW_OWNER_MISSING = 'Choose the sales person who takes them.';
export const REASON_MISSING = 'Enter the reason for the change.';
const LISTED = 5;

/** A lead whose owner changes, as the page that offers it knows it. */
export interface OwnerChangeLead {
  id: number;
  projectName: string;
  salesPersonId: number;
  salesFullname: string;
}

export interface ChangeOwnerDialogProps {
  leads: OwnerChangeLead[];
  open: boolean;
  onClose: () => void;
  /** After the change (a list clears its selection). */
  onDone?: () => void;
}

/** What is about to move: one lead and its owner, or the first few of several. */
function Moving({ leads }: { leads: OwnerChangeLead[] }) {
  if (leads.length === 1) {
    const [lead] = leads;
    return (
      <Typography.Paragraph>
        <Typography.Text strong>{lead.projectName}</Typography.Text> belongs to {lead.salesFullname}.
      </Typography.Paragraph>
    );
  }
  return (
    <ul className="owner-change__leads" aria-label="Leads that move">
      {leads.slice(0, LISTED).map((lead) => (
        <li key={lead.id}>
          <Typography.Text strong>{lead.projectName}</Typography.Text>{' '}
          <Typography.Text type="secondary">({lead.salesFullname})</Typography.Text>
        </li>
      ))}
      {leads.length > LISTED && <li>and {leadsText(leads.length - LISTED)} more</li>}
    </ul>
  );
}

/**
 * Give chosen leads to another sales person, with a reason: each owner's leads are a reassignment of Assignment
 * Monitoring (its rules, history and notifications). The people offered are the server's: an administrator's whole
 * sales force, a team leader's own team.
 */
export function ChangeOwnerDialog({ leads, open, onClose, onDone }: ChangeOwnerDialogProps) {
  const queryClient = useQueryClient();
  const people = useQuery({ ...peopleQueryOptions(), enabled: open });
  const [toId, setToId] = useState<number>();
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState<string[] | null>(null);

  useEffect(() => {
    if (open) {
      setToId(undefined);
      setReason('');
      setRefused(null);
    }
  }, [open]);

  const owners = [...new Set(leads.map((l) => l.salesPersonId))];
  // one owner's leads cannot go to that owner; among several owners the server names the ones that would
  const receivers = (people.data ?? []).filter((p) => p.canReceive && !(owners.length === 1 && p.id === owners[0]));
  const to = receivers.find((p) => p.id === toId);
  const missing = [!to && NEW_OWNER_MISSING, !reason.trim() && REASON_MISSING].filter((m): m is string => !!m);

  const save = useMutation({
    mutationFn: () => changeOwner({ leadIds: leads.map((l) => l.id), toUserId: toId, reason }),
    onSuccess: async (done) => {
      await refreshAfterMove(queryClient);
      toast.success(done.message);
      onDone?.();
      onClose();
    },
    onError: (error) => {
      const shown = formMessages(error);
      setRefused(shown);
      toast.error(CHANGE_OWNER_FAILED, shown.join(' '));
    },
  });

  const title = leads.length === 1 ? 'Change Owner' : `Change Owner of ${leadsText(leads.length)}`;
  return (
    <Modal
      open={open}
      title={title}
      centered
      destroyOnHidden
      onCancel={onClose}
      className="owner-change"
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>Cancel</Button>
          <Tooltip title={missing.length > 0 ? missing.join(' ') : undefined}>
            <span className="owner-change__ok">
              <Button
                type="primary"
                disabled={missing.length > 0}
                loading={save.isPending}
                onClick={() => save.mutate()}
              >
                {to ? `Move ${leadsText(leads.length)} to ${to.fullname}` : 'Change Owner'}
              </Button>
            </span>
          </Tooltip>
        </Flex>
      }
    >
      {refused && <FormErrors title={CHANGE_OWNER_FAILED} messages={refused} />}
      <Moving leads={leads} />
      <Typography.Paragraph type="secondary">
        Pending requests and upcoming plans go with the leads; each lead&apos;s history records who moved it and why.
      </Typography.Paragraph>
      <Form layout="vertical" component="div" className="reassign-form">
        <Form.Item label="New owner" required>
          <Select<number>
            aria-label="New owner"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose the sales person who takes them"
            loading={people.isPending}
            value={toId}
            onChange={setToId}
            options={receivers.map((p) => ({ value: p.id, label: p.fullname }))}
          />
        </Form.Item>
        <Form.Item label="Reason" required style={{ marginBottom: 28 }}>
          <ReasonInput value={reason} onChange={setReason} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Whether the signed-in user may change owners: Assignment Monitoring's Add flag (administrators, team leaders). */
export function useCanReassign(): boolean {
  return usePageAccess(ASSIGNMENT_PAGE).isWrite;
}
