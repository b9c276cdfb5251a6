import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Tag,
} from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormErrors } from '@/components/form-errors';
import { FormActions, FormPage, RecordFormActions, systemCrumbs, useRecordForm } from '@/components/form-page';
import { errorMessage } from '@/lib/api/errors';
import { usePageAccess } from '@/lib/session';
import { coaKeys } from '../api/keys';
import {
  COA_MAX_LENGTH,
  coaQueryOptions,
  coaTypesQueryOptions,
  createCoa,
  updateCoa,
  type Coa,
  type CoaForm,
  type CoaIn,
} from '../api/coa-api';
import { COA_LIST_PATH, COA_PAGE } from './coa-list-page';

export type CoaFormMode = 'add' | 'edit' | 'view';

/** Spec §5 COA form messages. */
export const COA_MESSAGES = {
  code: 'Please enter code',
  item: 'Please enter item',
  description: 'Please enter description',
  keywords: 'Please enter keywords',
  type: 'Please choose type',
} as const;

const TITLES: Record<CoaFormMode, string> = { add: 'Add COA Setting', edit: 'Edit COA Setting', view: 'COA Detail' };
const CRUMBS: Record<CoaFormMode, string> = { add: 'Add', edit: 'Edit', view: 'View' };
const SUBTITLES: Record<CoaFormMode, string> = {
  add: 'A new revenue or cost account for project cost sheets.',
  edit: 'Cost sheets that already use this account keep their lines.',
  view: 'A revenue or cost account of project cost sheets.',
};

const required = (message: string) => [{ required: true, whitespace: true, message }];
const typeLabel = (type: string) => type.charAt(0) + type.slice(1).toLowerCase();

/** The read-only 'COA Detail'. */
function CoaDetails({ entry }: { entry: Coa }) {
  const keywords = entry.keywords
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return (
    <Descriptions
      bordered
      size="middle"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'code', label: 'Code', children: entry.code },
        {
          key: 'type',
          label: 'Type',
          children: <Tag color={entry.type === 'COST' ? 'volcano' : 'green'}>{typeLabel(entry.type)}</Tag>,
        },
        { key: 'item', label: 'Item', span: 'filled', children: entry.name },
        { key: 'description', label: 'Description', span: 'filled', children: entry.description },
        {
          key: 'keywords',
          label: 'Keywords',
          span: 'filled',
          children: (
            <Flex wrap gap={4}>
              {keywords.map((k) => (
                <Tag key={k}>{k}</Tag>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}

function formValues(entry: Coa): CoaForm {
  return {
    code: entry.code,
    item: entry.name,
    description: entry.description,
    keywords: entry.keywords,
    type: entry.type,
  };
}

/** /system/coa-management/add, /{id}/edit and /{id}/view: one form in three modes (spec §2.8). */
export function CoaFormPage({ mode }: { mode: CoaFormMode }) {
  const { coaId: param } = useParams();
  const coaId = mode === 'add' ? undefined : Number(param);
  const access = usePageAccess(COA_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CoaForm>();
  const readOnly = mode === 'view';

  const types = useQuery(coaTypesQueryOptions());
  const detail = useQuery({ ...coaQueryOptions(coaId ?? NaN), enabled: coaId !== undefined && Number.isFinite(coaId) });
  const typeOptions = useMemo(
    () => types.data?.map((t) => ({ value: t.type, label: typeLabel(t.type) })) ?? [],
    [types.data],
  );

  // Finish is enabled only while the whole form validates.
  const record = useRecordForm<Coa, CoaForm, CoaIn>({
    form,
    record: detail.data,
    toValues: formValues,
    backTo: COA_LIST_PATH,
    toBody: (checked) => ({
      ...(coaId !== undefined ? { id: coaId } : {}),
      code: checked.code.trim(),
      item: checked.item.trim(),
      description: checked.description.trim(),
      keywords: checked.keywords.trim(),
      type: checked.type,
    }),
    send: (body) => (mode === 'add' ? createCoa(body) : updateCoa(body)),
    failedText: (body) => (mode === 'add' ? `Failed to add '${body.item}'.` : `Failed to update '${body.item}' data.`),
    savedText: (body) => `'${body.item}' has been ${mode === 'add' ? 'added' : 'updated'} successfully.`,
    refresh: () => queryClient.invalidateQueries({ queryKey: coaKeys.all }),
    messages: (error) => [errorMessage(error)],
  });

  const title = TITLES[mode];
  const failedToLoad = mode !== 'add' && (detail.isError || !Number.isFinite(coaId));

  return (
    <FormPage
      breadcrumb={systemCrumbs('COA Management', COA_LIST_PATH, CRUMBS[mode])}
      title={title}
      subtitle={SUBTITLES[mode]}
      action={
        readOnly &&
        access.isEdit && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            disabled={!detail.data}
            onClick={() => navigate(`${COA_LIST_PATH}/${coaId}/edit`)}
          >
            Edit COA
          </Button>
        )
      }
    >
      {failedToLoad ? (
        <Result
          status="warning"
          title="Error loading data"
          subTitle={detail.error ? errorMessage(detail.error) : undefined}
          extra={<Button onClick={() => navigate(COA_LIST_PATH)}>Back to COA Management</Button>}
        />
      ) : mode !== 'add' && detail.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : readOnly && detail.data ? (
        <>
          <CoaDetails entry={detail.data} />
          <FormActions>
            <Button onClick={record.goBack}>Back</Button>
          </FormActions>
        </>
      ) : (
        <Form<CoaForm>
          form={form}
          layout="vertical"
          validateTrigger={['onChange', 'onBlur']}
          onValuesChange={record.clearError}
        >
          {record.error && <FormErrors title={record.error.title} messages={record.error.messages} />}
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="code" label="Code" rules={required(COA_MESSAGES.code)}>
                <Input placeholder="e.g. 4-1001" maxLength={COA_MAX_LENGTH.code} />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="item" label="Item" rules={required(COA_MESSAGES.item)}>
                <Input placeholder="Item name" maxLength={COA_MAX_LENGTH.item} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label="Description" rules={required(COA_MESSAGES.description)}>
                <Input.TextArea
                  placeholder="What this account is used for"
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  maxLength={COA_MAX_LENGTH.description}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name="keywords"
                label="Keywords"
                rules={required(COA_MESSAGES.keywords)}
                extra="Comma-separated words people search this account by."
              >
                <Input placeholder="e.g. managed service, recurring, monthly" maxLength={COA_MAX_LENGTH.keywords} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="type" label="Type" rules={[{ required: true, message: COA_MESSAGES.type }]}>
                <Select placeholder="Choose type" loading={types.isPending} options={typeOptions} />
              </Form.Item>
            </Col>
          </Row>
          <RecordFormActions record={record} saveLabel="Finish" />
        </Form>
      )}
    </FormPage>
  );
}

export const CoaAddPage = () => <CoaFormPage mode="add" />;
export const CoaEditPage = () => <CoaFormPage mode="edit" />;
export const CoaViewPage = () => <CoaFormPage mode="view" />;
