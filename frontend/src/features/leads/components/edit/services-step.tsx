import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Typography } from 'antd';
import { MoneyInput } from '@/components/money-input';
import { DATE_FORMAT_SHORT } from '@/lib/format';
import { serviceCategoryMapQueryOptions } from '../../api/lookups-api';

type Row = { serviceCategoryId?: number; subServiceCategoryId?: number | null };

/** Step 3: service categories with sub-categories, payments and billing schedules. */
export function ServicesStep() {
  const form = Form.useFormInstance();
  const map = useQuery(serviceCategoryMapQueryOptions());
  const chosen = (Form.useWatch('serviceCategories', form) as Row[] | undefined) ?? [];
  const categories = map.data ?? [];
  const categoryOptions = categories.map((c) => ({ value: c.id, label: c.serviceCategoryName }));
  const chosenIds = [...new Set(chosen.map((c) => c.serviceCategoryId).filter((id): id is number => id !== undefined))];
  // Payments and billing are per chosen category; all categories while none is chosen.
  const billingOptions = chosenIds.length > 0 ? categoryOptions.filter((o) => chosenIds.includes(o.value)) : categoryOptions;

  return (
    <>
      <Typography.Title level={5}>Service Categories</Typography.Title>
      <Form.List name="serviceCategories">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => {
              const categoryId = chosen[field.name]?.serviceCategoryId;
              const subs = categories.find((c) => c.id === categoryId)?.subServiceCategories ?? [];
              return (
                <div key={field.key} className="lead-wizard__list-row lead-wizard__list-row--service">
                  <Form.Item
                    name={[field.name, 'serviceCategoryId']}
                    rules={[{ required: true, message: 'Please choose service category' }]}
                  >
                    <Select
                      aria-label="Service category"
                      placeholder="Service category"
                      loading={map.isPending}
                      options={categoryOptions}
                      onChange={() => form.setFieldValue(['serviceCategories', field.name, 'subServiceCategoryId'], null)}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'subServiceCategoryId']}>
                    <Select
                      aria-label="Sub-category"
                      allowClear
                      placeholder={subs.length > 0 ? 'Sub-category' : 'No sub-category'}
                      disabled={subs.length === 0}
                      options={subs.map((s) => ({ value: s.id, label: s.subServiceCategoryName }))}
                    />
                  </Form.Item>
                  <Button type="text" danger aria-label="Remove service category" icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
                </div>
              );
            })}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ subServiceCategoryId: null })}>
              Add Service Category
            </Button>
          </>
        )}
      </Form.List>

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Payments
      </Typography.Title>
      <Form.List name="payments">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <div key={field.key} className="lead-wizard__list-row lead-wizard__list-row--payment">
                <Form.Item name={[field.name, 'serviceCategoryId']} rules={[{ required: true, message: 'Please choose service category' }]}>
                  <Select aria-label="Payment service category" placeholder="Service category" options={billingOptions} />
                </Form.Item>
                <Form.Item name={[field.name, 'billingDate']}>
                  <DatePicker aria-label="Billing date" placeholder="Billing date" format={DATE_FORMAT_SHORT} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name={[field.name, 'amount']}>
                  <MoneyInput aria-label="Payment amount" placeholder="Amount" />
                </Form.Item>
                <Button type="text" danger aria-label="Remove payment" icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ amount: null })}>
              Add Payment
            </Button>
          </>
        )}
      </Form.List>

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Billing Schedules
      </Typography.Title>
      <Form.List name="billingSchedules">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <div key={field.key} className="lead-wizard__list-row lead-wizard__list-row--billing">
                <Form.Item name={[field.name, 'serviceCategoryId']} rules={[{ required: true, message: 'Please choose service category' }]}>
                  <Select aria-label="Billing service category" placeholder="Service category" options={billingOptions} />
                </Form.Item>
                <Form.Item name={[field.name, 'schedule']} rules={[{ required: true, message: 'Please choose a date' }]}>
                  <DatePicker aria-label="Schedule" placeholder="Schedule" format={DATE_FORMAT_SHORT} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name={[field.name, 'amount']} rules={[{ required: true, message: 'Please enter amount' }]}>
                  <MoneyInput aria-label="Billing amount" placeholder="Amount" />
                </Form.Item>
                <Form.Item name={[field.name, 'description']} rules={[{ max: 500 }]}>
                  <Input aria-label="Billing description" placeholder="Description" maxLength={500} />
                </Form.Item>
                <Button type="text" danger aria-label="Remove billing schedule" icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ amount: null })}>
              Add Billing Schedule
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}
