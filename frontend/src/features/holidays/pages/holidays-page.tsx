import { DeleteOutlined, EditOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Grid, Input, Modal, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DataTable, ExportButton, exportColumnsOf, RefreshButton } from '@/components/data-table';
import { confirmRemove, toast } from '@/components/dialogs';
import { FormErrors } from '@/components/form-errors';
import { ListPage } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { formMessages } from '@/lib/api/errors';
import { DATE_FORMAT_SHORT, formatDayHeading, isoDate } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import {
  deleteHoliday,
  HOLIDAY_PAGE,
  holidayKeys,
  holidaysQueryOptions,
  listHolidays,
  saveHoliday,
  type Holiday,
} from '../api/holidays-api';

export const DAY_REQUIRED = 'Please choose the day.';
export const NAME_REQUIRED = "Please enter the holiday's name.";
const DAY_FORMAT = `ddd, ${DATE_FORMAT_SHORT}`;

interface Editing {
  holiday: Holiday | null;
}

interface HolidayForm {
  day: Dayjs | null;
  name: string;
}

/** Add or edit one holiday in a dialog; the server's refusals (a day already listed) show above the fields. */
function HolidayDialog({ editing, year, onClose }: { editing: Editing; year: number; onClose: () => void }) {
  const [form] = Form.useForm<HolidayForm>();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const holiday = editing.holiday;
  const save = useMutation({
    mutationFn: (values: HolidayForm) =>
      saveHoliday(holiday?.id ?? null, { day: values.day ? isoDate(values.day) : null, name: values.name }),
    onSuccess: async (saved) => {
      toast.success(`'${saved.name}' has been ${holiday ? 'updated' : 'added'} successfully.`);
      await queryClient.invalidateQueries({ queryKey: holidayKeys.all });
      onClose();
    },
    onError: (error) => setErrors(formMessages(error, 'The holiday could not be saved.')),
  });
  return (
    <Modal
      open
      title={holiday ? 'Edit Holiday' : 'Add Holiday'}
      okText={holiday ? 'Save' : 'Add'}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {errors.length > 0 && <FormErrors title="The holiday could not be saved." messages={errors} />}
      <Form<HolidayForm>
        form={form}
        layout="vertical"
        initialValues={{
          day: holiday ? dayjs(holiday.day) : null,
          name: holiday?.name ?? '',
        }}
        onFinish={(values) => {
          setErrors([]);
          save.mutate(values);
        }}
      >
        <Form.Item name="day" label="Day" rules={[{ required: true, message: DAY_REQUIRED }]}>
          <DatePicker
            aria-label="Day"
            format={DAY_FORMAT}
            style={{ width: '100%' }}
            defaultPickerValue={dayjs().year() === year ? undefined : dayjs(`${year}-01-01`)}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: NAME_REQUIRED }]}
          style={{ marginBottom: 0 }}
        >
          <Input aria-label="Holiday name" maxLength={120} placeholder="e.g. Independence Day" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /system/holidays: the company's holidays by year, which a working-day (W) approval deadline skips. */
export function HolidaysPage() {
  const access = usePageAccess(HOLIDAY_PAGE);
  const queryClient = useQueryClient();
  const [year, setYear] = useState(() => dayjs().year());
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useQuery({ ...holidaysQueryOptions(year), enabled: access.isRead });
  const refresh = () => queryClient.invalidateQueries({ queryKey: holidayKeys.all });
  const today = isoDate(new Date());
  // a phone: the name over its day in one column, so neither is cut
  const compact = Grid.useBreakpoint().md === false;

  const remove = (holiday: Holiday) =>
    confirmRemove({
      title: 'Remove Holiday',
      name: holiday.name,
      note: 'Deadlines already running keep the due time they were given.',
      remove: () => deleteHoliday(holiday.id),
      onDone: refresh,
    });

  const dayCell = (day: string) => (
    <Flex gap={8} align="center" wrap>
      <span>{formatDayHeading(day)}</span>
      {day === today && <Tag color="blue">Today</Tag>}
    </Flex>
  );
  const dataColumns: ColumnsType<Holiday> = compact
    ? [
        {
          title: 'Holiday',
          dataIndex: 'name',
          key: 'name',
          render: (name: string, row) => (
            <Flex vertical gap={2}>
              <Typography.Text strong={row.day >= today} type={row.day < today ? 'secondary' : undefined}>
                {name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {dayCell(row.day)}
              </Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
    {
      title: 'Day',
      dataIndex: 'day',
      key: 'day',
      width: 200,
      render: dayCell,
    },
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (
        <Typography.Text type={row.day < today ? 'secondary' : undefined}>{name}</Typography.Text>
      ),
    },
  ];
  const columns: ColumnsType<Holiday> = [
    ...dataColumns,
    ...(access.isEdit || access.isDelete
      ? [
          {
            title: '',
            key: 'actions',
            width: compact ? 84 : 116,
            render: (_: unknown, row: Holiday) => (
              <Flex gap={4} justify="flex-end">
                {access.isEdit && (
                  <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${row.name}`} onClick={() => setEditing({ holiday: row })} />
                )}
                {access.isDelete && (
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${row.name}`} onClick={() => void remove(row)} />
                )}
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage
      breadcrumb={systemCrumbs('Holidays')}
      title="Holidays"
      subtitle="Days that are not working days: an approval deadline counted in working days (W) skips them, as it skips weekends."
      action={
        access.isWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ holiday: null })}>
            Add Holiday
          </Button>
        )
      }
      canRead={access.isRead}
      noAccessText="You do not have access to view the holidays."
      error={list.error}
    >
      <DataTable<Holiday>
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        dataSource={list.data}
        loading={list.isFetching}
        toolbar={
          <Flex gap={8} align="center" justify="space-between" style={{ width: '100%' }}>
            <Flex gap={4} align="center" role="group" aria-label="Year">
              <Button icon={<LeftOutlined />} aria-label="Previous year" onClick={() => setYear((y) => y - 1)} />
              <Typography.Text strong style={{ minWidth: 48, textAlign: 'center' }}>
                {year}
              </Typography.Text>
              <Button icon={<RightOutlined />} aria-label="Next year" onClick={() => setYear((y) => y + 1)} />
            </Flex>
            <Flex gap={8}>
              <ExportButton title={`Holidays ${year}`} columns={exportColumnsOf(columns)} run={() => listHolidays(year)} />
              <RefreshButton onRefresh={refresh} />
            </Flex>
          </Flex>
        }
      />
      {editing && <HolidayDialog editing={editing} year={year} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
