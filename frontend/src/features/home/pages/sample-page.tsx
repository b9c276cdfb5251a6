import { Button, Card, Col, Flex, Form, Input, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { Page } from '@/components/page';
import { DateFilter, dateRangeFor, type DateFilterValue } from '@/components/date-filter';
import { showConfirm, showError, showInfo, showSuccess, showWarning, toast } from '@/components/dialogs';
import { MoneyInput } from '@/components/money-input';
import { PercentInput } from '@/components/percent-input';
import { formatDate, formatIDR } from '@/lib/format';

interface DemoLead {
  id: number;
  client: string;
  stage: string;
  gp: number;
  updated: string;
}

const CLIENTS = ['PT Sinar Jaya', 'Bank Mandala', 'PT Karya Mandiri', 'CV Cahaya Abadi', 'PT Nusa Telekom'];
const STAGES = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'];

const demoLeads: DemoLead[] = Array.from({ length: 37 }, (_, i) => ({
  id: i + 1,
  client: `${CLIENTS[i % CLIENTS.length]}${i >= CLIENTS.length ? ` ${Math.floor(i / CLIENTS.length) + 1}` : ''}`,
  stage: STAGES[(i * 7) % STAGES.length],
  gp: ((i * 7919) % 97) * 12_500_000 + 750_000,
  updated: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
}));

const columns: ColumnsType<DemoLead> = [
  { title: 'Client', dataIndex: 'client', key: 'client', sorter: (a, b) => a.client.localeCompare(b.client) },
  {
    title: 'Stage',
    dataIndex: 'stage',
    key: 'stage',
    sorter: (a, b) => a.stage.localeCompare(b.stage),
    render: (stage: string) => <Tag color="blue">{stage}</Tag>,
  },
  {
    title: 'Gross profit',
    dataIndex: 'gp',
    key: 'gp',
    align: 'right',
    sorter: (a, b) => a.gp - b.gp,
    render: (gp: number) => <span title={formatIDR(gp)}>{formatIDR(gp)}</span>,
  },
  {
    title: 'Updated',
    dataIndex: 'updated',
    key: 'updated',
    sorter: (a, b) => a.updated.localeCompare(b.updated),
    render: (d: string) => formatDate(d),
  },
];

/** /sample: the shared widgets on one page, for designers and developers. */
export function SamplePage() {
  const [range, setRange] = useState<DateFilterValue>(() => ({
    option: 'THIS_YEAR',
    range: dateRangeFor('THIS_YEAR'),
  }));
  const [amount, setAmount] = useState<number | null>(1_250_000);
  const [margin, setMargin] = useState<number | null>(12.5);
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () => demoLeads.filter((l) => l.client.toLowerCase().includes(search.toLowerCase())),
    [search],
  );
  const total = rows.reduce((sum, l) => sum + l.gp, 0);

  return (
    <Page title="Sample" subtitle="The shared widgets of the product, with made-up data.">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card variant="borderless" title="Data table" extra={<Tag>{`${formatIDR(total)} total GP`}</Tag>}>
            <DataTable<DemoLead>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              toolbar={
                <Input.Search
                  allowClear
                  placeholder="Search client"
                  style={{ maxWidth: 240 }}
                  onSearch={setSearch}
                  onChange={(e) => e.target.value === '' && setSearch('')}
                />
              }
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <Card variant="borderless" title="Date filter">
              <DateFilter value={range} onChange={setRange} />
              <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
                {range.range
                  ? `${formatDate(range.range.from)} – ${formatDate(range.range.to)}`
                  : 'Pick a range'}
              </Typography.Paragraph>
            </Card>
            <Card variant="borderless" title="Inputs">
              <Form layout="vertical">
                <Form.Item label="Amount" extra={amount === null ? 'Empty' : `Value: ${amount}`}>
                  <MoneyInput value={amount} onChange={setAmount} />
                </Form.Item>
                <Form.Item label="Margin" extra={margin === null ? 'Empty' : `Value: ${margin}`} style={{ marginBottom: 0 }}>
                  <PercentInput value={margin} onChange={setMargin} />
                </Form.Item>
              </Form>
            </Card>
            <Card variant="borderless" title="Dialogs and toasts">
              <Space wrap>
                <Button onClick={() => void showConfirm({ title: 'Delete this lead?', content: 'This cannot be undone.', danger: true })}>
                  Confirm
                </Button>
                <Button onClick={() => void showSuccess({ title: 'Success', content: 'Saved.' })}>Success</Button>
                <Button onClick={() => void showError({ title: 'Error', content: 'Something failed.' })}>Error</Button>
                <Button onClick={() => void showInfo({ title: 'Info', content: 'Just so you know.' })}>Info</Button>
                <Button onClick={() => void showWarning({ title: 'Warning', content: 'Careful.' })}>Warning</Button>
                <Button type="primary" onClick={() => toast.success('Lead saved')}>
                  Toast
                </Button>
              </Space>
            </Card>
          </Flex>
        </Col>
      </Row>
    </Page>
  );
}
