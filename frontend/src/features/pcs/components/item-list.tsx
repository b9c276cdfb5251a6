import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Collapse, Empty, Input, InputNumber, Tag, Typography } from 'antd';
import { MoneyInput } from '@/components/money-input';
import { formatIDR, formatNumber } from '@/lib/format';
import type { ItemType } from '../api/types';
import { isItemValid, itemErrors, totalSellingPrice, grandTotal, type DraftItem } from '../lib/sheet';
import { BillingList } from './billing-list';

function Field({ label, error, children }: { label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="pcs-field">
      <span className="pcs-field__label">{label}</span>
      {children}
      {error && <span className="pcs-field-error">{error}</span>}
    </div>
  );
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <div className="pcs-field">
      <span className="pcs-field__label">{label}</span>
      <span className="pcs-field__value">{value}</span>
    </div>
  );
}

function ItemDetail({ item, readOnly, onChange }: { item: DraftItem; readOnly: boolean; onChange: (item: DraftItem) => void }) {
  const errors = readOnly ? {} : itemErrors(item);
  const set = (values: Partial<DraftItem>) => onChange({ ...item, ...values });
  const wholeNumber = (field: 'quantity' | 'termOfPayment', label: string, ariaLabel: string, max?: number) => (
    <Field label={label} error={errors[field]}>
      <InputNumber<number>
        aria-label={ariaLabel}
        value={item[field]}
        min={1}
        max={max}
        precision={0}
        style={{ width: '100%' }}
        status={errors[field] ? 'error' : undefined}
        onChange={(value) => set({ [field]: value })}
      />
    </Field>
  );
  return (
    <div className="pcs-item">
      <div className="pcs-item__fields">
        {readOnly ? (
          <>
            <Value label="Description" value={item.description || '-'} />
            <Value label="Quantity" value={formatNumber(item.quantity)} />
            <Value label="Unit Price" value={formatIDR(item.sellingPrice)} />
            <Value label="Term of Payment" value={formatNumber(item.termOfPayment)} />
          </>
        ) : (
          <>
            <Field label="Description" error={errors.description}>
              <Input.TextArea
                aria-label="Item description"
                value={item.description}
                autoSize={{ minRows: 1, maxRows: 4 }}
                maxLength={1000}
                status={errors.description ? 'error' : undefined}
                onChange={(e) => set({ description: e.target.value })}
              />
            </Field>
            {wholeNumber('quantity', 'Quantity', 'Quantity')}
            <Field label="Unit Price" error={errors.sellingPrice}>
              <MoneyInput
                aria-label="Unit price"
                value={item.sellingPrice}
                status={errors.sellingPrice ? 'error' : undefined}
                onChange={(sellingPrice) => set({ sellingPrice })}
              />
            </Field>
            {wholeNumber('termOfPayment', 'Term of Payment', 'Term of payment', 600)}
          </>
        )}
        <Value label="Total" value={formatIDR(totalSellingPrice(item))} />
        <Value label="Grand Total" value={formatIDR(grandTotal(item))} />
      </div>
      <BillingList item={item} readOnly={readOnly} onChange={(billingSchedules) => set({ billingSchedules })} />
    </div>
  );
}

export interface ItemListProps {
  type: ItemType;
  items: DraftItem[];
  readOnly: boolean;
  openKeys: string[];
  onOpenKeysChange: (keys: string[]) => void;
  onAdd: () => void;
  onChange: (item: DraftItem) => void;
  onRemove: (key: string) => void;
}

/** The Sales or Cost of Sales tab: an accordion of items, each with its detail and billing (spec §2.4). */
export function ItemList({ type, items, readOnly, openKeys, onOpenKeysChange, onAdd, onChange, onRemove }: ItemListProps) {
  const noun = type === 'REVENUE' ? 'sales' : 'cost of sales';
  return (
    <div className="pcs-items">
      {!readOnly && (
        <div className="pcs-items__toolbar">
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={onAdd}>
            {type === 'REVENUE' ? 'Add Sales Item' : 'Add Cost Item'}
          </Button>
        </div>
      )}
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No ${noun} item yet.`} />
      ) : (
        <Collapse
          activeKey={openKeys}
          onChange={(keys) => onOpenKeysChange(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
          items={items.map((item) => ({
            key: item.key,
            label: (
              <div className="pcs-item__head" data-testid="pcs-item">
                <div className="pcs-item__title">
                  <Typography.Text strong>
                    {item.coaCode} · {item.coaName}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis className="pcs-item__desc">
                    {item.description || 'No description yet'}
                  </Typography.Text>
                </div>
                <div className="pcs-item__total">
                  {!readOnly && !isItemValid(item) && <Tag color="error">Incomplete</Tag>}
                  <Typography.Text strong>{formatIDR(grandTotal(item))}</Typography.Text>
                </div>
              </div>
            ),
            extra: readOnly ? undefined : (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove ${item.coaName}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onRemove(item.key);
                }}
              />
            ),
            children: <ItemDetail item={item} readOnly={readOnly} onChange={onChange} />,
          }))}
        />
      )}
    </div>
  );
}
