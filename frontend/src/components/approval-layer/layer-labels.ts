/** How an approval layer is labelled and coloured, on the approval timeline and the cost sheet's status. */

/** Sequence label of a layer (spec 3 §2.5): 1 'checked by', 2 'acknowledged by', 3+ 'approved by'. */
export function seqLabel(seqNo: number): string {
  if (seqNo <= 1) return 'checked by';
  if (seqNo === 2) return 'acknowledged by';
  return 'approved by';
}

export type LayerStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN' | 'WAITING' | 'SKIPPED';

/** Node colours by layer status: pending blue, approved green, rejected red, withdrawn orange, waiting grey, skipped
 *  (the request's route leaves it out) a paler grey. */
export const LAYER_STATUS_COLORS: Record<LayerStatus, { border: string; background: string; tag: string }> = {
  PENDING: { border: '#1677ff', background: '#e6f4ff', tag: 'processing' },
  APPROVED: { border: '#52c41a', background: '#f6ffed', tag: 'success' },
  REJECTED: { border: '#ff4d4f', background: '#fff2f0', tag: 'error' },
  WITHDRAWN: { border: '#fa8c16', background: '#fff7e6', tag: 'warning' },
  WAITING: { border: '#bfbfbf', background: '#fafafa', tag: 'default' },
  SKIPPED: { border: '#e0e0e0', background: '#f5f5f5', tag: 'default' },
};

export function layerStatusColors(status: string) {
  return LAYER_STATUS_COLORS[(status as LayerStatus) in LAYER_STATUS_COLORS ? (status as LayerStatus) : 'WAITING'];
}
