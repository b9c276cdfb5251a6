import { Col, DatePicker, Form, InputNumber, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { MoneyInput } from '@/components/money-input';
import { DATE_FORMAT_SHORT, formatNumber } from '@/lib/format';
import { grossProfitMargin } from '../../lib/labels';

/** Step 2: dates, duration and the money (shared MoneyInput), with the GP margin. */
export function MoneyStep() {
  const form = Form.useFormInstance();
  const revenue = Form.useWatch('totalRevenue', form) as number | null | undefined;
  const gp = Form.useWatch('totalGrossProfit', form) as number | null | undefined;
  const margin = grossProfitMargin(revenue, gp);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="expectedCloseDate" label="Expected Close Date">
          <DatePicker format={DATE_FORMAT_SHORT} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="projectStartDate" label="Project Start Date">
          <DatePicker format={DATE_FORMAT_SHORT} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="projectEndDate"
          label="Project End Date"
          dependencies={['projectStartDate']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, end: Dayjs | null) => {
                const start = getFieldValue('projectStartDate') as Dayjs | null;
                if (start && end && end.isBefore(start, 'day')) {
                  throw new Error('Project end date cannot be before the start date.');
                }
              },
            }),
          ]}
        >
          <DatePicker format={DATE_FORMAT_SHORT} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="projectDuration" label="Duration (months)">
          <InputNumber min={0} max={600} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="totalUnit" label="Total Unit">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="projectBudget" label="Budget">
          <MoneyInput aria-label="Budget" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="totalRevenue" label="Total Revenue">
          <MoneyInput aria-label="Total Revenue" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="totalGrossProfit" label="Total Gross Profit">
          <MoneyInput aria-label="Total Gross Profit" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="GP Margin">
          <Typography.Text className="lead-wizard__margin" data-testid="gp-margin">
            {margin === null ? '-' : `${formatNumber(margin)}%`}
          </Typography.Text>
        </Form.Item>
      </Col>
    </Row>
  );
}
