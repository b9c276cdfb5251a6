import {
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
  PlusOutlined,
  SaveOutlined,
  SettingOutlined,
  StarFilled,
  StarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dropdown, Flex, Form, Grid, Input, List, Modal, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInRouterContext, useLocation, useNavigate } from 'react-router';
import { confirmRemove, toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { normalizePath } from '@/lib/route-access';
import { useSessionRoutes } from '@/lib/session/session-context';
import {
  changeView,
  chooseDefaultView,
  deleteView,
  saveView,
  savedViewKeys,
  savedViewsQueryOptions,
  viewQuery,
  type SavedView,
  type SavedViewChange,
  type SavedViews as SavedViewsData,
} from './saved-views-api';
import './saved-views.css';

export const NAME_MAX = 60;
export const SAVED_VIEWS_MESSAGES = {
  nameRequired: "Please enter the view's name.",
  nameTooLong: `The name cannot exceed ${NAME_MAX} characters.`,
};

/** A view's name, with the server's rules and messages. */
function ViewNameField({ placeholder }: { placeholder?: string }) {
  return (
    <Form.Item
      name="name"
      label="Name"
      rules={[
        { required: true, whitespace: true, message: SAVED_VIEWS_MESSAGES.nameRequired },
        { max: NAME_MAX, message: SAVED_VIEWS_MESSAGES.nameTooLong },
      ]}
    >
      <Input autoFocus maxLength={NAME_MAX + 1} placeholder={placeholder} />
    </Form.Item>
  );
}

interface SaveForm {
  name: string;
  shared: boolean;
  isDefault: boolean;
}

/**
 * A list's saved views (issue 38): its current filters, sort, page size and columns (its URL query) kept under a name,
 * private or shared with the team by a team leader, one of them the person's default, which the list opens with when
 * its address names no state. The address keeps carrying the state, so a view can be sent as a link. Shown on a list
 * whose route is a page of the route table (the server checks the page's access for every call).
 */
export function SavedViews() {
  const { routes, allRoutes } = useSessionRoutes();
  // outside a session (or a router) there is no list of a page to keep views of
  return useInRouterContext() && allRoutes.length > 0 ? <SavedViewsOfPage routes={routes} allRoutes={allRoutes} /> : null;
}

function SavedViewsOfPage({ routes, allRoutes }: { routes: readonly string[]; allRoutes: readonly string[] }) {
  const path = normalizePath(useLocation().pathname);
  if (!allRoutes.includes(path) || !routes.includes(path)) return null;
  return <SavedViewsMenu key={path} path={path} />;
}

function SavedViewsMenu({ path }: { path: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = Grid.useBreakpoint().md === false;
  const { data } = useQuery(savedViewsQueryOptions(path));
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const current = viewQuery(location.search);
  const views = useMemo(() => data?.views ?? [], [data]);
  const active = current ? views.find((view) => viewQuery(view.query) === current) : undefined;

  const open = (view: SavedView) => void navigate({ pathname: path, search: view.query ? `?${view.query}` : '' });

  // the default, once, when the list is opened with an address that names no state
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || !data) return;
    defaulted.current = true;
    const chosen = data.views.find((view) => view.id === data.defaultId);
    if (chosen && !current && chosen.query) void navigate({ pathname: path, search: `?${chosen.query}` }, { replace: true });
  }, [data, current, navigate, path]);

  const settled = (answer: SavedViewsData) => queryClient.setQueryData(savedViewKeys.list(path), answer);

  const mine = views.filter((view) => view.mine);
  const shared = views.filter((view) => !view.mine);
  const owners = [...new Set(shared.map((view) => view.ownerName))];
  const item = (view: SavedView) => ({
    key: `view-${view.id}`,
    label: (
      <Flex gap={8} align="center" justify="space-between" className="saved-views__item">
        <Typography.Text ellipsis style={{ maxWidth: 220 }}>
          {view.name}
        </Typography.Text>
        <span>
          {view.shared && view.mine && <TeamOutlined aria-label="Shared with the team" />}
          {view.isDefault && <StarFilled className="saved-views__star" aria-label="Default" />}
        </span>
      </Flex>
    ),
    onClick: () => open(view),
  });
  const items: MenuProps['items'] = [
    ...(mine.length ? [{ type: 'group' as const, key: 'mine', label: 'My views', children: mine.map(item) }] : []),
    ...owners.map((owner) => ({
      type: 'group' as const,
      key: `by-${owner}`,
      label: `Shared by ${owner}`,
      children: shared.filter((view) => view.ownerName === owner).map(item),
    })),
    ...(views.length ? [{ type: 'divider' as const }] : []),
    { key: 'save', icon: <PlusOutlined />, label: 'Save current view…', onClick: () => setSaving(true) },
    ...(views.length
      ? [{ key: 'manage', icon: <SettingOutlined />, label: 'Manage views…', onClick: () => setManaging(true) }]
      : []),
  ];

  const label = active ? active.name : 'Views';
  return (
    <>
      <Dropdown menu={{ items, selectedKeys: active ? [`view-${active.id}`] : [] }} trigger={['click']}>
        <Button
          icon={<FolderOpenOutlined />}
          // a view in use shows (on a phone by its colour alone)
          type={active ? 'primary' : 'default'}
          ghost={Boolean(active)}
          aria-label={active ? `Saved views: ${active.name}` : 'Saved views'}
          className="saved-views__button"
        >
          {phone ? null : <span className="saved-views__label">{label}</span>}
        </Button>
      </Dropdown>
      {saving && (
        <SaveViewDialog
          path={path}
          query={current}
          canShare={data?.canShare ?? false}
          onClose={() => setSaving(false)}
          onSaved={settled}
        />
      )}
      {managing && data && (
        <ManageViewsDialog path={path} data={data} query={current} onClose={() => setManaging(false)} onChanged={settled} />
      )}
    </>
  );
}

function SaveViewDialog({
  path,
  query,
  canShare,
  onClose,
  onSaved,
}: {
  path: string;
  query: string;
  canShare: boolean;
  onClose: () => void;
  onSaved: (answer: SavedViewsData) => void;
}) {
  const [form] = Form.useForm<SaveForm>();
  const save = useMutation({
    mutationFn: (values: SaveForm) =>
      saveView({ list: path, name: values.name, query, shared: Boolean(values.shared), isDefault: Boolean(values.isDefault) }),
    onSuccess: (answer, values) => {
      onSaved(answer);
      toast.success(`View '${values.name.trim()}' saved.`);
      onClose();
    },
    onError: (error) => form.setFields([{ name: 'name', errors: [errorMessage(error)] }]),
  });
  return (
    <Modal
      open
      title="Save view"
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Keeps this list&apos;s filters, sort and page size under a name; its address keeps them too, to send as a link.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ shared: false, isDefault: false }} onFinish={(v) => save.mutate(v)}>
        <ViewNameField placeholder="e.g. My team, E3–E5, biggest GP first" />
        {canShare && (
          <Form.Item name="shared" valuePropName="checked" noStyle>
            <Checkbox>Share with my team</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="isDefault" valuePropName="checked" style={{ marginTop: canShare ? 8 : 0, marginBottom: 0 }}>
          <Checkbox>Open this list with it (my default)</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ManageViewsDialog({
  path,
  data,
  query,
  onClose,
  onChanged,
}: {
  path: string;
  data: SavedViewsData;
  query: string;
  onClose: () => void;
  onChanged: (answer: SavedViewsData) => void;
}) {
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  // a tap leaves a tooltip standing over the dialog on a phone: there the buttons' names are enough
  const phone = Grid.useBreakpoint().md === false;
  const hint = (text: string) => (phone ? undefined : text);
  const run = useMutation({
    mutationFn: (call: () => Promise<SavedViewsData>) => call(),
    onSuccess: onChanged,
    onError: (error) => toast.error('The view was not changed', errorMessage(error)),
  });
  const change = (view: SavedView, body: SavedViewChange, said?: string) =>
    run.mutate(() => changeView(view.id, body), { onSuccess: () => said && toast.success(said) });
  const star = (view: SavedView) =>
    view.isDefault
      ? run.mutate(() => chooseDefaultView(path, null))
      : run.mutate(() => chooseDefaultView(path, view.id));
  return (
    <Modal open title="Saved views" onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} destroyOnHidden>
      <List
        className="saved-views__manage"
        dataSource={data.views}
        locale={{ emptyText: 'No saved views yet.' }}
        renderItem={(view) => (
          <List.Item
            actions={[
              <Tooltip key="default" title={hint(view.isDefault ? 'No longer my default' : 'Open this list with it')}>
                <Button
                  type="text"
                  aria-label={view.isDefault ? `${view.name}: no longer my default` : `Make ${view.name} my default`}
                  aria-pressed={view.isDefault}
                  icon={view.isDefault ? <StarFilled className="saved-views__star" /> : <StarOutlined />}
                  onClick={() => star(view)}
                />
              </Tooltip>,
              ...(view.mine
                ? [
                    <Tooltip key="update" title={hint("Keep the list's current filters in it")}>
                      <Button
                        type="text"
                        aria-label={`Update ${view.name} with the current filters`}
                        icon={<SaveOutlined />}
                        disabled={viewQuery(view.query) === query}
                        onClick={() => change(view, { query }, `View '${view.name}' updated.`)}
                      />
                    </Tooltip>,
                    <Tooltip key="rename" title={hint('Rename')}>
                      <Button type="text" aria-label={`Rename ${view.name}`} icon={<EditOutlined />} onClick={() => setRenaming(view)} />
                    </Tooltip>,
                    <Tooltip key="delete" title={hint('Delete')}>
                      <Button
                        type="text"
                        danger
                        aria-label={`Delete ${view.name}`}
                        icon={<DeleteOutlined />}
                        onClick={() =>
                          void confirmRemove({
                            title: 'Delete View',
                            name: view.name,
                            remove: () => deleteView(view.id).then(onChanged),
                            onDone: () => undefined,
                          })
                        }
                      />
                    </Tooltip>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              title={<Typography.Text ellipsis>{view.name}</Typography.Text>}
              description={
                view.mine ? (
                  data.canShare || view.shared ? (
                    <Space size={6}>
                      <Switch
                        size="small"
                        checked={view.shared}
                        aria-label={`Share ${view.name} with my team`}
                        onChange={(on) =>
                          change(view, { shared: on }, on ? `'${view.name}' is shared with your team.` : `'${view.name}' is private now.`)
                        }
                      />
                      <span>{view.shared ? 'Shared with my team' : 'Private'}</span>
                    </Space>
                  ) : (
                    'Private'
                  )
                ) : (
                  <Tag icon={<TeamOutlined />}>Shared by {view.ownerName}</Tag>
                )
              }
            />
          </List.Item>
        )}
      />
      {renaming && (
        <RenameDialog
          view={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={(answer) => {
            onChanged(answer);
            setRenaming(null);
          }}
        />
      )}
    </Modal>
  );
}

function RenameDialog({
  view,
  onClose,
  onRenamed,
}: {
  view: SavedView;
  onClose: () => void;
  onRenamed: (answer: SavedViewsData) => void;
}) {
  const [form] = Form.useForm<{ name: string }>();
  const rename = useMutation({
    mutationFn: ({ name }: { name: string }) => changeView(view.id, { name }),
    onSuccess: onRenamed,
    onError: (error) => form.setFields([{ name: 'name', errors: [errorMessage(error)] }]),
  });
  return (
    <Modal open title="Rename view" okText="Rename" onOk={() => form.submit()} onCancel={onClose} confirmLoading={rename.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ name: view.name }} onFinish={(v) => rename.mutate(v)}>
        <ViewNameField />
      </Form>
    </Modal>
  );
}
