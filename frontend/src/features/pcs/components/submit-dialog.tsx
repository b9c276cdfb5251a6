import { useQuery } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { ApprovalRoute } from '@/components/approval-route';
import { DIALOG_WIDTH } from '@/components/dialogs';
import { formatIDR, formatRate } from '@/lib/format';
import { sheetRouteQueryOptions } from '../api/pcs-api';
import type { Totals } from '../lib/sheet';

export const SUBMIT_TITLE = 'Submit for Approval';

export interface SubmitDialogProps {
  open: boolean;
  leadId: number;
  /** The figures the form holds now (unsaved edits included): the route is decided on them. */
  totals: Pick<Totals, 'totalRevenue' | 'grossProfit' | 'grossProfitMargin'>;
  onCancel: () => void;
  onSubmit: () => void;
}

/**
 * Before a cost sheet is submitted: who it will go to, layer by layer, on the sheet's current figures (a layer whose
 * conditions these figures miss is shown skipped, with why). A refusal of the preview (no pipeline) shows its
 * message; Submit stays the server's to refuse.
 */
export function SubmitDialog({ open, leadId, totals, onCancel, onSubmit }: SubmitDialogProps) {
  const body = {
    leadId,
    totalRevenue: totals.totalRevenue,
    grossProfit: totals.grossProfit,
    grossProfitMargin: totals.grossProfitMargin,
  };
  const route = useQuery({ ...sheetRouteQueryOptions(body), enabled: open });
  return (
    <Modal
      open={open}
      title={SUBMIT_TITLE}
      width={Math.max(DIALOG_WIDTH, 480)}
      centered
      destroyOnHidden
      okText="Submit"
      onOk={onSubmit}
      onCancel={onCancel}
      className="pcs-submit-dialog"
    >
      <Typography.Paragraph type="secondary">
        On these figures: total revenue {formatIDR(totals.totalRevenue)}, GP {formatIDR(totals.grossProfit)} (
        {formatRate(totals.grossProfitMargin)}).
      </Typography.Paragraph>
      <ApprovalRoute route={route.data} loading={route.isLoading} error={route.error} />
    </Modal>
  );
}
