import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Result, Row, Skeleton, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate, useParams } from 'react-router';
import { DataTable } from '@/components/data-table';
import { confirmRemove } from '@/components/dialogs';
import { FormErrors } from '@/components/form-errors';
import { FormPage, RecordFormActions, systemCrumbs, useRecordForm } from '@/components/form-page';
import { errorMessage } from '@/lib/api/errors';
import { sessionQueryKey, usePageAccess } from '@/lib/session';
import { navigationAdminKeys } from '../api/keys';
import {
  createPage,
  deletePage,
  pageQueryOptions,
  POSITION_COLORS,
  POSITION_LABELS,
  updatePage,
  type PageDetail,
} from '../api/navigation-admin-api';
import { PAGES_LIST_PATH, PAGES_PAGE, REMOVE_NOTE } from './page-list-page';
import './navigation-admin.css';

export type PageFormMode = 'add' | 'edit';

export interface PageForm {
  code: string;
  name: string;
  url?: string;
}

export const PAGE_MESSAGES = {
  code: 'Please enter page code',
  codeRule: "Lower-case letters, digits and hyphens, in segments separated by '/' (e.g. system/price-book)",
  name: 'Please enter page name',
  url: "URL must start with '/' and have no spaces",
  codeFixed: 'The code cannot change: the access rules name the page by it.',
} as const;

export const pageSavedText = (name: string) => `Page '${name}' has been saved.`;

const formValues = (page: PageDetail): PageForm => ({ code: page.code, name: page.name, url: page.url ?? undefined });

type Flags = PageDetail['access'][number];

const flag = (on: boolean) =>
  on ? <CheckOutlined aria-label="yes" className="page-access__yes" /> : <MinusOutlined aria-label="no" />;

const ACCESS_COLUMNS: ColumnsType<Flags> = [
  {
    title: 'Role',
    dataIndex: 'roleDescription',
    // the role as people know it; its code (the policy's name) is no one's word for it
    render: (description: string) => <div>{description}</div>,
  },
  ...(['isRead', 'isWrite', 'isEdit', 'isDelete'] as const).map((key) => ({
    title: key.slice(2),
    dataIndex: key,
    width: 64,
    align: 'center' as const,
    render: (on: boolean) => flag(on),
  })),
];

/** /system/page-management/add and /:id: a page's code (set once), name and url; who has access to it and the
 *  menu items that open it, read only (access is given in Menu Page Access, menus in Menu Management). */
export function PageFormPage({ mode }: { mode: PageFormMode }) {
  const { id: param } = useParams();
  const pageId = mode === 'add' ? undefined : Number(param);
  const access = usePageAccess(PAGES_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PageForm>();
  const readOnly = mode === 'edit' && !access.isEdit;
  const detail = useQuery({
    ...pageQueryOptions(pageId ?? NaN),
    enabled: pageId !== undefined && Number.isFinite(pageId) && access.isRead,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: navigationAdminKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);

  const record = useRecordForm({
    form,
    record: detail.data,
    toValues: formValues,
    backTo: PAGES_LIST_PATH,
    toBody: (checked) => ({ code: checked.code.trim(), name: checked.name.trim(), url: checked.url?.trim() || null }),
    send: (body) => (mode === 'add' ? createPage(body) : updatePage(pageId as number, body)),
    failedText: (body) => (mode === 'add' ? `Failed to add '${body.name}'.` : `Failed to update '${body.name}'.`),
    savedText: (body) => pageSavedText(body.name),
    refresh,
  });

  const page = detail.data;
  const title = mode === 'add' ? 'Add Page' : readOnly ? 'Page' : 'Edit Page';
  const failedToLoad = mode === 'edit' && (detail.isError || !Number.isFinite(pageId));
  const remove =
    mode === 'edit' && page && access.isDelete && !page.protected
      ? () =>
          void confirmRemove({
            title: 'Remove Page',
            name: page.name,
            note: REMOVE_NOTE,
            remove: () => deletePage(page.id),
            onDone: async () => {
              await refresh();
              navigate(PAGES_LIST_PATH);
            },
          })
      : undefined;

  return (
    <FormPage
      breadcrumb={systemCrumbs('Page Management', PAGES_LIST_PATH, mode === 'add' ? 'Add' : page?.name || 'Page')}
      title={title}
      subtitle={mode === 'add' ? 'A page of the app that roles can be given access to.' : page?.code}
      card={false}
    >
      {!access.isRead && mode === 'edit' ? (
        <Alert type="info" showIcon title="You do not have access to view the pages." />
      ) : failedToLoad ? (
        <Result
          status="warning"
          title="Error loading data"
          subTitle={detail.error ? errorMessage(detail.error) : undefined}
          extra={<Button onClick={() => navigate(PAGES_LIST_PATH)}>Back to Page Management</Button>}
        />
      ) : mode === 'edit' && detail.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : mode === 'add' && !access.isWrite ? (
        <Alert type="info" showIcon title="You do not have access to add pages." />
      ) : (
        <>
          <Card variant="borderless">
            <Form<PageForm>
              form={form}
              layout="vertical"
              disabled={readOnly}
              validateTrigger={['onChange', 'onBlur']}
              onValuesChange={record.clearError}
            >
              {record.error && <FormErrors title={record.error.title} messages={record.error.messages} />}
              {readOnly && (
                <Alert type="info" showIcon className="form-alert" title="You can view this page but not change it." />
              )}
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="code"
                    label="Code"
                    extra={mode === 'edit' ? PAGE_MESSAGES.codeFixed : 'What the access rules name the page by.'}
                    rules={[
                      { required: true, whitespace: true, message: PAGE_MESSAGES.code },
                      { pattern: /^\s*[a-z0-9-]+(\/[a-z0-9-]+)*\s*$/, message: PAGE_MESSAGES.codeRule },
                    ]}
                  >
                    <Input placeholder="system/price-book" maxLength={80} disabled={mode === 'edit'} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="name"
                    label="Name"
                    rules={[{ required: true, whitespace: true, message: PAGE_MESSAGES.name }]}
                  >
                    <Input placeholder="Price Book" maxLength={120} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="url"
                    label="URL"
                    extra="Leave empty for a page that is not a screen."
                    rules={[{ pattern: /^\s*\/\S*\s*$/, message: PAGE_MESSAGES.url }]}
                  >
                    <Input placeholder="/system/price-book" maxLength={160} />
                  </Form.Item>
                </Col>
              </Row>
              <RecordFormActions record={record} readOnly={readOnly}>
                {remove && (
                  <Button danger onClick={remove} disabled={false} className="page-form__remove">
                    Remove
                  </Button>
                )}
              </RecordFormActions>
            </Form>
          </Card>
          {mode === 'edit' && page && (
            <>
              <Card variant="borderless" title="Who has access" className="page-form__card">
                <Typography.Paragraph type="secondary">
                  What each role may do on this page; access is given in Menu Page Access.
                </Typography.Paragraph>
                <DataTable<Flags>
                  rowKey="roleId"
                  size="small"
                  columns={ACCESS_COLUMNS}
                  dataSource={page.access}
                  noPaging
                />
              </Card>
              <Card variant="borderless" title="Menu items that open it" className="page-form__card">
                {page.menuItems.length === 0 ? (
                  <Empty description="No menu item opens this page." />
                ) : (
                  <List
                    dataSource={page.menuItems}
                    renderItem={(item) => (
                      <List.Item key={item.id}>
                        <span>{item.path.join(' › ')}</span>
                        <Tag color={POSITION_COLORS[item.position]}>{POSITION_LABELS[item.position]}</Tag>
                      </List.Item>
                    )}
                  />
                )}
              </Card>
            </>
          )}
        </>
      )}
    </FormPage>
  );
}

export const PageAddPage = () => <PageFormPage mode="add" />;
export const PageEditPage = () => <PageFormPage mode="edit" />;
