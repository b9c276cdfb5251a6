import { DeleteOutlined, MenuOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Input, Radio, Select, Tag, Tree, TreeSelect, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useMemo, useRef, useState, type Key } from 'react';
import { confirmRemove, toast } from '@/components/dialogs';
import { FormErrors } from '@/components/form-errors';
import { NAV_ICON_NAMES, NavIcon } from '@/components/nav-icon';
import { Page, systemCrumbs } from '@/components/page';
import { errorMessage, formMessages } from '@/lib/api/errors';
import { sessionQueryKey, usePageAccess } from '@/lib/session';
import { navigationAdminKeys } from '../api/keys';
import {
  createMenu,
  deleteMenu,
  menuTreeQueryOptions,
  moveMenu,
  pageChoicesQueryOptions,
  POSITION_COLORS,
  POSITION_LABELS,
  POSITION_OPTIONS,
  updateMenu,
  type MenuIn,
  type MenuItem,
  type MenuPosition,
} from '../api/navigation-admin-api';
import { dropPlace, flatten } from '../components/menu-drop';
import './navigation-admin.css';

const MENUS_PAGE = 'system/menu-management';
/** The parent choice that puts an item at the top level. */
const TOP = 0;

export const MENU_MESSAGES = {
  label: 'Please enter menu label',
  page: 'Please choose a page',
  url: "URL must start with '/'",
} as const;

type Opens = 'page' | 'url' | 'group';

/** What the item form holds. */
export interface MenuForm {
  label: string;
  position: MenuPosition;
  icon?: string | null;
  opens: Opens;
  pageCode?: string | null;
  url?: string | null;
  parentId: number;
}

/** The ids of an item and everything under it: where it cannot go. */
function subtree(item: MenuItem): Set<number> {
  const ids = new Set<number>([item.id]);
  for (const child of item.submenu) for (const id of subtree(child)) ids.add(id);
  return ids;
}

function nodeTitle(item: MenuItem) {
  const opens = item.pageCode ? `${item.pageName ?? item.pageCode} · ${item.opens ?? 'no url'}` : item.url;
  return (
    <span className="menu-node">
      <span className="menu-node__icon" aria-hidden>
        <NavIcon name={item.icon} />
      </span>
      <span className="menu-node__label">{item.label}</span>
      <Tag className="menu-node__position" color={POSITION_COLORS[item.position]}>
        {POSITION_LABELS[item.position]}
      </Tag>
      <Typography.Text type="secondary" className="menu-node__opens">
        {opens ?? (item.submenu.length > 0 ? `Group of ${item.submenu.length}` : 'Empty group')}
      </Typography.Text>
    </span>
  );
}

function buildTree(items: MenuItem[]): TreeDataNode[] {
  return items.map((item) => ({ key: item.id, title: nodeTitle(item), children: buildTree(item.submenu) }));
}

interface ParentChoice {
  value: number;
  title: string;
  children: ParentChoice[];
}

function parentChoices(items: MenuItem[], excluded: Set<number>): ParentChoice[] {
  return items
    .filter((item) => !excluded.has(item.id))
    .map((item) => ({ value: item.id, title: item.label, children: parentChoices(item.submenu, excluded) }));
}

function formValues(item: MenuItem): MenuForm {
  return {
    label: item.label,
    position: item.position,
    icon: item.icon,
    opens: item.pageCode ? 'page' : item.url ? 'url' : 'group',
    pageCode: item.pageCode,
    url: item.url,
    parentId: item.parentId ?? TOP,
  };
}

function toBody(values: MenuForm): MenuIn {
  return {
    label: values.label.trim(),
    position: values.position,
    icon: values.icon || null,
    pageCode: values.opens === 'page' ? (values.pageCode ?? null) : null,
    url: values.opens === 'url' ? values.url?.trim() || null : null,
    parentId: values.parentId === TOP ? null : values.parentId,
  };
}

/** A rule of the page or url field, kept only while the item opens that kind (a quick change of "Opens" then
 *  Save must not check a field that is on its way out). */
const whenOpens =
  (kind: Opens, rule: RuleObject) =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject =>
    getFieldValue('opens') === kind ? rule : {};

const NEW_ITEM: MenuForm = { label: '', position: 'SIDEBAR', icon: null, opens: 'page', parentId: TOP };

/** /system/menu-management: the menu tree every user's menus are drawn from. With edit access an item is moved by
 *  dragging it (onto an item: into it; between two: beside them) and edited in the panel; write adds an item,
 *  delete removes one (the server refuses a group that still has items, and says why). */
export function MenuManagementPage() {
  const access = usePageAccess(MENUS_PAGE);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MenuForm>();
  const tree = useQuery({ ...menuTreeQueryOptions(), enabled: access.isRead });
  const pages = useQuery({ ...pageChoicesQueryOptions(), enabled: access.isWrite || access.isEdit });
  const items = useMemo(() => tree.data ?? [], [tree.data]);
  const byId = useMemo(() => flatten(items), [items]);
  const data = useMemo(() => buildTree(items), [items]);
  /** The item in the panel: one of the tree, 'new', or none. */
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const [formError, setFormError] = useState<string[] | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<Key>>(new Set());
  const expandedKeys = [...byId.keys()].filter((id) => !collapsed.has(id));
  const onExpand = (keys: Key[]) => setCollapsed(new Set([...byId.keys()].filter((id) => !keys.includes(id))));
  const current = typeof selected === 'number' ? byId.get(selected) : undefined;
  const opens = Form.useWatch('opens', form);

  /** The tree as the server now has it, and the user's own menus on their next look at them. */
  const changed = async (next: MenuItem[] | null) => {
    if (next) queryClient.setQueryData(navigationAdminKeys.menus, next);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: navigationAdminKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);
  };

  const move = useMutation({
    mutationFn: ({ id, parentId, index }: { id: number; parentId: number | null; index: number }) =>
      moveMenu(id, parentId, index),
    onSuccess: async (next, { id }) => {
      await changed(next);
      toast.success(`'${byId.get(id)?.label ?? 'The item'}' has been moved.`);
    },
    onError: (error) => toast.error('The item could not be moved.', errorMessage(error)),
  });

  const save = useMutation({
    mutationFn: (values: MenuForm) =>
      selected === 'new' ? createMenu(toBody(values)) : updateMenu(selected as number, toBody(values)),
    onSuccess: async (next, values) => {
      await changed(next);
      toast.success(`'${values.label.trim()}' has been saved.`);
      if (selected === 'new') setSelected(null);
    },
    onError: (error) => {
      setFormError(formMessages(error));
    },
  });

  const panel = useRef<HTMLDivElement>(null);
  const select = (id: number | 'new' | null) => {
    setSelected(id);
    setFormError(null);
    // on a phone the panel sits under the tree: bring it into view
    if (id !== null && window.matchMedia?.('(max-width: 767px)').matches) {
      requestAnimationFrame(() => panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
    }
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const id = Number(info.dragNode.key);
    const place = info.node.pos.split('-');
    const relative = info.dropPosition - Number(place[place.length - 1]);
    const gap = !info.dropToGap ? 'into' : relative < 0 ? 'above' : 'below';
    const to = dropPlace(items, id, Number(info.node.key), gap);
    if (to) move.mutate({ id, ...to });
  };

  const canChange = selected === 'new' ? access.isWrite : access.isEdit;
  const excluded = useMemo(() => (current ? subtree(current) : new Set<number>()), [current]);
  const parents = useMemo(
    () => [{ value: TOP, title: 'Top level', children: [] }, ...parentChoices(items, excluded)],
    [items, excluded],
  );
  const pageOptions = (pages.data?.data ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.url ?? p.code})` }));
  const iconOptions = NAV_ICON_NAMES.map((name) => ({
    value: name,
    label: (
      <span className="menu-icon-option">
        <NavIcon name={name} /> {name}
      </span>
    ),
  }));

  const remove = (item: MenuItem) =>
    void confirmRemove({
      title: 'Remove Menu Item',
      name: item.label,
      note: 'Nobody will see it in their menus.',
      remove: () => deleteMenu(item.id),
      onDone: async () => {
        await changed(null);
        if (!byId.has(item.id) || selected === item.id) select(null);
      },
    });

  return (
    <Page
      breadcrumb={systemCrumbs('Menu Management')}
      title="Menu Management"
      subtitle={
        access.isEdit
          ? 'The menus of the top bar and the sidebar. Drag an item onto a group or between two items to move it; select one to change it.'
          : 'The menus of the top bar and the sidebar; each user sees the items whose page their role may open.'
      }
      actions={
        access.isWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => select('new')}>
            Add Menu Item
          </Button>
        )
      }
      loading={access.isRead && tree.isLoading}
      error={access.isRead ? tree.error : new Error('You do not have access to view the menus.')}
    >
      <Flex gap={16} wrap align="flex-start" className="menu-admin">
        <Card variant="borderless" className="menu-admin__tree" title={<><MenuOutlined /> Menu tree</>}>
          {data.length === 0 ? (
            <Empty description="No menu items." />
          ) : (
            <Tree
              treeData={data}
              expandedKeys={expandedKeys}
              onExpand={onExpand}
              blockNode
              selectedKeys={typeof selected === 'number' ? [selected] : []}
              onSelect={(keys) => select(keys.length > 0 ? Number(keys[0]) : null)}
              draggable={access.isEdit && !move.isPending ? { icon: false } : false}
              onDrop={onDrop}
            />
          )}
        </Card>
        {selected !== null && (selected === 'new' || current) && (
          <Card
            ref={panel}
            variant="borderless"
            className="menu-admin__panel"
            title={selected === 'new' ? 'Add Menu Item' : canChange ? 'Edit Menu Item' : 'Menu Item'}
            extra={
              <Button type="text" size="small" onClick={() => select(null)}>
                Close
              </Button>
            }
          >
            <Form<MenuForm>
              key={String(selected)}
              form={form}
              layout="vertical"
              disabled={!canChange}
              initialValues={current ? formValues(current) : NEW_ITEM}
              requiredMark={false}
              onValuesChange={() => setFormError(null)}
              onFinish={(values) => save.mutate(values)}
            >
              {formError && <FormErrors title="The item was not saved." messages={formError} />}
              {!canChange && (
                <Alert type="info" showIcon className="form-alert" title="You can view this item but not change it." />
              )}
              <Form.Item
                name="label"
                label="Label"
                rules={[{ required: true, whitespace: true, message: MENU_MESSAGES.label }]}
              >
                <Input maxLength={80} placeholder="What the menu shows" />
              </Form.Item>
              <Form.Item name="position" label="Position">
                <Radio.Group optionType="button" options={POSITION_OPTIONS} />
              </Form.Item>
              <Form.Item name="icon" label="Icon">
                <Select allowClear showSearch optionFilterProp="value" options={iconOptions} placeholder="No icon" />
              </Form.Item>
              <Form.Item name="opens" label="Opens">
                <Radio.Group
                  options={[
                    { value: 'page', label: 'A page' },
                    { value: 'url', label: 'A URL' },
                    { value: 'group', label: 'Nothing (a group)' },
                  ]}
                />
              </Form.Item>
              {opens === 'page' && (
                <Form.Item name="pageCode" label="Page" rules={[whenOpens('page', { required: true, message: MENU_MESSAGES.page })]}>
                  <Select
                    showSearch
                    optionFilterProp="label"
                    loading={pages.isPending}
                    options={pageOptions}
                    placeholder="Choose a page"
                  />
                </Form.Item>
              )}
              {opens === 'url' && (
                <Form.Item
                  name="url"
                  label="URL"
                  rules={[whenOpens('url', { required: true, whitespace: true, pattern: /^\/\S*$/, message: MENU_MESSAGES.url })]}
                >
                  <Input maxLength={160} placeholder="/system/..." />
                </Form.Item>
              )}
              <Form.Item name="parentId" label="Parent">
                <TreeSelect treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
              </Form.Item>
            </Form>
            <Flex justify="space-between" gap={8} wrap>
              {selected !== 'new' && current && access.isDelete ? (
                <Button danger icon={<DeleteOutlined />} onClick={() => remove(current)}>
                  Remove
                </Button>
              ) : (
                <span />
              )}
              {canChange && (
                <Button type="primary" onClick={() => form.submit()} loading={save.isPending}>
                  Save
                </Button>
              )}
            </Flex>
          </Card>
        )}
      </Flex>
    </Page>
  );
}
