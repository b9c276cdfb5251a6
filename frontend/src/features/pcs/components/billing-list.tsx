import { CopyOutlined, DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { MoneyInput } from '@/components/money-input';
import { DATE_FORMAT_SHORT, formatDate, formatIDR } from '@/lib/format';
import type { PaymentStatus } from '../api/types';
import {
  addRow,
  checkBilling,
  DATE_FORMAT,
  duplicateRow,
  generateBilling,
  isValidTerm,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  redateFrom,
  removeRow,
  rowErrors,
  type BillingRow,
  type BillingTerms,
} from '../billing';

/** More rows than this scroll inside the list (spec §9). */
export const VISIBLE_BILLING_ROWS = 4;

const STATUS_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));

export interface BillingListProps {
  item: BillingTerms & { billingSchedules: BillingRow[] };
  readOnly: boolean;
  onChange: (rows: BillingRow[]) => void;
}

function Messages({ item }: { item: BillingListProps['item'] }) {
  const check = checkBilling(item);
  return (
    <div className="pcs-billing__messages" aria-live="polite">
      {check.count && <Typography.Text type="danger">{check.count}</Typography.Text>}
      <Typography.Text type={check.amount.matched ? 'success' : 'danger'}>{check.amount.message}</Typography.Text>
    </div>
  );
}

function ReadOnlyBilling({ rows }: { rows: BillingRow[] }) {
  return (
    <Table<BillingRow>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content', ...(rows.length > VISIBLE_BILLING_ROWS ? { y: 200 } : {}) }}
      locale={{ emptyText: 'No billing schedule.' }}
      columns={[
        { title: 'Description', dataIndex: 'description' },
        { title: 'Date', dataIndex: 'schedule', render: (d: string | null) => formatDate(d) },
        { title: 'Amount', dataIndex: 'amount', align: 'right', render: (a: number | null) => formatIDR(a) },
        {
          title: 'Payment Status',
          dataIndex: 'paymentStatus',
          render: (s: PaymentStatus | null) => (s ? PAYMENT_STATUS_LABELS[s] : '-'),
        },
      ]}
    />
  );
}

/**
 * An item's billing schedule (spec §2.4, §4): generate, add, duplicate, remove, re-date the following rows,
 * with the live count and amount messages; a plain table when read-only.
 */
export function BillingList({ item, readOnly, onChange }: BillingListProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = item.billingSchedules;

  const change = (next: BillingRow[]) => {
    setRefusal(null);
    onChange(next);
  };
  const patch = (index: number, values: Partial<BillingRow>) =>
    change(rows.map((row, i) => (i === index ? { ...row, ...values } : row)));

  if (readOnly) {
    return (
      <div className="pcs-billing">
        <Typography.Text strong className="pcs-billing__title">
          Billing Schedule
        </Typography.Text>
        <ReadOnlyBilling rows={rows} />
        <Messages item={item} />
      </div>
    );
  }

  return (
    <div className="pcs-billing">
      <div className="pcs-billing__toolbar">
        <Typography.Text strong className="pcs-billing__title">
          Billing Schedule
        </Typography.Text>
        <div className="pcs-billing__actions">
          <Button
            size="small"
            icon={<ThunderboltOutlined />}
            disabled={!isValidTerm(item.termOfPayment)}
            onClick={() => change(generateBilling(item))}
          >
            Generate Billing
          </Button>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => {
              const result = addRow(rows, item);
              if (result.error !== null) setRefusal(result.error);
              else change(result.rows);
            }}
          >
            Add Billing
          </Button>
        </div>
      </div>
      {rows.length === 0 ? (
        <Typography.Paragraph type="secondary" className="pcs-billing__empty">
          No billing schedule yet. Generate one per term of payment, or add rows.
        </Typography.Paragraph>
      ) : (
        <div className={`pcs-billing__rows${rows.length > VISIBLE_BILLING_ROWS ? ' is-scrolling' : ''}`} data-testid="billing-rows">
          <div className="pcs-billing__head" aria-hidden>
            <span>#</span>
            <span>Description</span>
            <span>Date</span>
            <span>Amount</span>
            <span>Payment Status</span>
            <span />
          </div>
          {rows.map((row, index) => {
            const errors = rowErrors(row);
            const n = index + 1;
            return (
              <div key={row.key} className="pcs-billing__row" data-testid="billing-row">
                <span className="pcs-billing__no">{n}</span>
                <div className="pcs-billing__cell">
                  <Input
                    aria-label={`Billing ${n} description`}
                    value={row.description}
                    status={errors.description ? 'error' : undefined}
                    maxLength={200}
                    onChange={(e) => patch(index, { description: e.target.value })}
                  />
                  {errors.description && <span className="pcs-field-error">{errors.description}</span>}
                </div>
                <div className="pcs-billing__cell">
                  <DatePicker
                    aria-label={`Billing ${n} date`}
                    value={row.schedule ? dayjs(row.schedule) : null}
                    format={DATE_FORMAT_SHORT}
                    status={errors.schedule ? 'error' : undefined}
                    style={{ width: '100%' }}
                    onChange={(d) => change(redateFrom(rows, index, d ? d.format(DATE_FORMAT) : null))}
                  />
                  {errors.schedule && <span className="pcs-field-error">{errors.schedule}</span>}
                </div>
                <div className="pcs-billing__cell">
                  <MoneyInput
                    aria-label={`Billing ${n} amount`}
                    value={row.amount}
                    status={errors.amount ? 'error' : undefined}
                    onChange={(amount) => patch(index, { amount })}
                  />
                  {errors.amount && <span className="pcs-field-error">{errors.amount}</span>}
                </div>
                <div className="pcs-billing__cell">
                  {/* the server owns it: a billing starts not billed and moves on Monthly Billing once the
                      sheet is approved */}
                  <Select<PaymentStatus>
                    aria-label={`Billing ${n} payment status`}
                    value={row.paymentStatus ?? undefined}
                    options={STATUS_OPTIONS}
                    status={errors.paymentStatus ? 'error' : undefined}
                    style={{ width: '100%' }}
                    disabled
                    title="Moved on Monthly Billing once the cost sheet is approved"
                  />
                  {errors.paymentStatus && <span className="pcs-field-error">{errors.paymentStatus}</span>}
                </div>
                <div className="pcs-billing__row-actions">
                  <Button
                    size="small"
                    type="text"
                    icon={<CopyOutlined />}
                    aria-label={`Duplicate billing ${n}`}
                    onClick={() => {
                      const result = duplicateRow(rows, index, item.termOfPayment);
                      if (result.error !== null) setRefusal(result.error);
                      else change(result.rows);
                    }}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove billing ${n}`}
                    onClick={() => change(removeRow(rows, index))}
                  />
                </div>
              </div>
            );
          })}
        </div>
      )}
      {refusal && (
        <Typography.Text type="danger" role="alert" className="pcs-billing__refusal">
          {refusal}
        </Typography.Text>
      )}
      <Messages item={item} />
    </div>
  );
}
