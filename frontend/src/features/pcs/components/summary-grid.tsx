import { Descriptions, Empty, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatIDR, formatMonth, formatNumber } from '@/lib/format';
import type { MonthTotal } from '../api/types';
import { roundMoney } from '../billing';
import { grandTotal, marginPercent, totalSellingPrice, type DraftItem, type MonthlySummary } from '../lib/sheet';
import { BillingList } from './billing-list';

interface GridRow {
  key: string;
  label: string;
  values: MonthTotal[];
  total: number;
  percent?: boolean;
  itemKey?: string;
  children?: GridRow[];
}

const sumOf = (values: MonthTotal[]) => roundMoney(values.reduce((s, v) => s + v.totalAmount, 0));

/** Rows Sales, Cost of Sales (each expandable into its items), Gross Profit and Gross Profit Margin. */
export function gridRows(summary: MonthlySummary): GridRow[] {
  const itemRows = (type: DraftItem['type']): GridRow[] =>
    summary.items
      .filter((s) => s.type === type)
      .map((s) => ({
        key: `item-${s.key}`,
        itemKey: s.key,
        label: `${s.coaName}${s.description ? ` - ${s.description}` : ''}`,
        values: s.totals,
        total: sumOf(s.totals),
      }));
  const revenue = sumOf(summary.revenueTotals);
  const gp = sumOf(summary.gpTotals);
  const sales = itemRows('REVENUE');
  const cost = itemRows('COST');
  return [
    { key: 'sales', label: 'Sales', values: summary.revenueTotals, total: revenue, ...(sales.length ? { children: sales } : {}) },
    {
      key: 'cost',
      label: 'Cost of Sales',
      values: summary.costTotals,
      total: sumOf(summary.costTotals),
      ...(cost.length ? { children: cost } : {}),
    },
    { key: 'gp', label: 'Gross Profit', values: summary.gpTotals, total: gp },
    {
      key: 'gpm',
      label: 'Gross Profit Margin',
      values: summary.gpMarginTotals,
      total: marginPercent(gp, revenue),
      percent: true,
    },
  ];
}

const cell = (row: GridRow, value: number | undefined) =>
  value === undefined ? '-' : row.percent ? `${formatNumber(value)}%` : formatNumber(value);

function ItemDetailModal({ item, onClose }: { item: DraftItem | null; onClose: () => void }) {
  return (
    <Modal open={item !== null} title="Item Detail" onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {item && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'code', label: 'COA Code', children: item.coaCode },
              { key: 'name', label: 'Item Name', children: item.coaName },
              { key: 'type', label: 'Type', children: item.type === 'REVENUE' ? 'Sales' : 'Cost of Sales' },
              { key: 'description', label: 'Description', children: item.description || '-' },
              { key: 'quantity', label: 'Quantity', children: formatNumber(item.quantity) },
              { key: 'price', label: 'Unit Price', children: formatIDR(item.sellingPrice) },
              { key: 'total', label: 'Total', children: formatIDR(totalSellingPrice(item)) },
              { key: 'term', label: 'Term of Payment', children: formatNumber(item.termOfPayment) },
              { key: 'grand', label: 'Grand Total', children: formatIDR(grandTotal(item)) },
            ]}
          />
          <BillingList item={item} readOnly onChange={() => undefined} />
        </>
      )}
    </Modal>
  );
}

/** The Summary tab: the monthly grid with per-item expansion and an item-detail modal (spec §2.4). */
export function SummaryGrid({ summary, items }: { summary: MonthlySummary; items: readonly DraftItem[] }) {
  const [detail, setDetail] = useState<DraftItem | null>(null);
  if (summary.months.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No billing schedule yet." />;
  }
  const columns: ColumnsType<GridRow> = [
    {
      title: 'Description',
      key: 'label',
      fixed: 'left',
      width: 300,
      render: (_, row) =>
        row.itemKey ? (
          // An inline link (a <button> would not wrap beside the tree indent).
          <Typography.Link
            className="pcs-grid__item-link"
            onClick={() => setDetail(items.find((i) => i.key === row.itemKey) ?? null)}
          >
            {row.label}
          </Typography.Link>
        ) : (
          <strong>{row.label}</strong>
        ),
    },
    ...summary.months.map((month, i) => ({
      title: formatMonth(month),
      key: month,
      align: 'right' as const,
      width: 140,
      render: (_: unknown, row: GridRow) => cell(row, row.values[i]?.totalAmount),
    })),
    {
      title: 'Total',
      key: 'total',
      align: 'right',
      fixed: 'right',
      width: 160,
      render: (_, row) => <strong>{cell(row, row.total)}</strong>,
    },
  ];
  return (
    <>
      <Table<GridRow>
        className="pcs-grid"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={gridRows(summary)}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.key === 'gp' || row.key === 'gpm' ? 'pcs-grid__gp' : '')}
        expandable={{ indentSize: 12 }}
      />
      <ItemDetailModal item={detail} onClose={() => setDetail(null)} />
    </>
  );
}
