import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { DescriptionDialog } from '@/components/description-dialog';
import { errorMessage } from '@/lib/api/errors';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { withdrawRequest } from '../api/registers-api';
import type { RegisterKind } from '../api/types';

export const WITHDRAWN_MESSAGE = 'The request has been withdrawn.';

/** Withdraw, with its required reason: the server ends the request (or answers that it already ended). */
export function WithdrawAction({ kind, approvalId, what }: { kind: RegisterKind; approvalId: number; what: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const withdraw = useMutation({
    mutationFn: (reason: string) => withdrawRequest(kind, approvalId, reason),
    onSuccess: async (answer) => {
      setOpen(false);
      void message.success(
        answer.request.status === 'WITHDRAWN' ? WITHDRAWN_MESSAGE : 'The withdrawal was received and will be applied shortly.',
      );
      // the request, the registers, the queue; and the lead or sheet it was on
      await invalidateDomains(queryClient, queryDomains.approvals, queryDomains.leads, queryDomains.pcs);
    },
    onError: async (error) => {
      setOpen(false);
      void message.error(errorMessage(error));
      await invalidateDomains(queryClient, queryDomains.approvals);
    },
  });
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        Withdraw
      </Button>
      <DescriptionDialog
        open={open}
        title="Withdraw request"
        required
        danger
        okText="Withdraw"
        label="Reason"
        intro={`Withdraw the request to ${what}? It ends without being decided; the requester, its approvers and the team leader are told.`}
        loading={withdraw.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={(reason) => withdraw.mutate(reason)}
      />
    </>
  );
}
