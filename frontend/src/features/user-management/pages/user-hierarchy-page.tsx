import { ApartmentOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Select, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { Page, systemCrumbs } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';
import { usePageAccess } from '@/lib/session';
import { userManagementKeys } from '../api/keys';
import { hierarchyQueryOptions, moveUser, type HierarchyNode } from '../api/user-management-api';
import { confirmMove } from '../components/hierarchy-move';
import './user-hierarchy.css';

export const HIERARCHY_PAGE = 'system/user-hierarchy';
/** The "leader" choice that puts a person at the top of the tree. */
const TOP = 0;

/** The tree antd draws: each person under their leader, every branch open. */
function buildTree(nodes: HierarchyNode[]): TreeDataNode[] {
  const children = new Map<number | null, HierarchyNode[]>();
  for (const node of nodes) {
    const list = children.get(node.leaderId ?? null) ?? [];
    list.push(node);
    children.set(node.leaderId ?? null, list);
  }
  const build = (leader: number | null): TreeDataNode[] =>
    (children.get(leader) ?? []).map((node) => ({
      key: node.id,
      title: (
        <span className="hierarchy-node">
          <UserOutlined className="hierarchy-node__icon" aria-hidden />
          <span className="hierarchy-node__name">{node.fullname}</span>
          <Tag className="hierarchy-node__role">{node.roleDescription}</Tag>
          <Typography.Text type="secondary" className="hierarchy-node__username">
            {node.username}
          </Typography.Text>
        </span>
      ),
      children: build(node.id),
    }));
  return build(null);
}

interface MoveForm {
  userId?: number;
  leaderId?: number;
}

/** /system/user-hierarchy: the reporting tree; with edit access a person is moved by dragging them onto their new
 *  leader, or with the form (the server refuses a cycle and says why). */
export function UserHierarchyPage() {
  const access = usePageAccess(HIERARCHY_PAGE);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MoveForm>();
  const tree = useQuery({ ...hierarchyQueryOptions(), enabled: access.isRead });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const byId = useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  const data = useMemo(() => buildTree(nodes), [nodes]);
  // every branch open, a person who gains a team too, but for those the user closed
  const [collapsed, setCollapsed] = useState<ReadonlySet<Key>>(new Set());
  const expandedKeys = nodes.map((n) => n.id).filter((id) => !collapsed.has(id));
  const onExpand = (keys: Key[]) => setCollapsed(new Set(nodes.map((n) => n.id).filter((id) => !keys.includes(id))));

  const move = useMutation({
    mutationFn: ({ userId, leaderId }: { userId: number; leaderId: number | null }) => moveUser(userId, leaderId),
    onSuccess: (next, { userId, leaderId }) => {
      queryClient.setQueryData(userManagementKeys.hierarchy, next);
      void queryClient.invalidateQueries({ queryKey: userManagementKeys.all });
      const person = byId.get(userId)?.fullname ?? 'The user';
      const leader = leaderId ? byId.get(leaderId)?.fullname : null;
      void message.success(leader ? `${person} now reports to ${leader}.` : `${person} is now at the top of the tree.`);
      form.resetFields();
    },
    onError: (error) => void message.error(errorMessage(error)),
  });

  // a move asks first, saying what goes with the person (their team, who sees their leads, who their requests go to)
  const confirmThenMove = async (userId: number, leaderId: number | null) => {
    if (await confirmMove(nodes, userId, leaderId)) move.mutate({ userId, leaderId });
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const userId = Number(info.dragNode.key);
    const target = byId.get(Number(info.node.key));
    // dropped onto a person: they lead; dropped between two people: the same leader as the one beside
    const leaderId = info.dropToGap ? (target?.leaderId ?? null) : (target?.id ?? null);
    if (leaderId === (byId.get(userId)?.leaderId ?? null)) return;
    void confirmThenMove(userId, leaderId);
  };

  const people = nodes.map((n) => ({ value: n.id, label: `${n.fullname} (${n.username})` }));
  const onMove = ({ userId, leaderId }: MoveForm) => {
    if (userId === undefined || leaderId === undefined) return;
    void confirmThenMove(userId, leaderId === TOP ? null : leaderId);
  };

  return (
    <Page
      breadcrumb={systemCrumbs('User Hierarchy')}
      title="User Hierarchy"
      subtitle={
        access.isEdit
          ? 'Who reports to whom. Drag a person onto their new leader, or use the form.'
          : 'Who reports to whom.'
      }
      loading={access.isRead && tree.isLoading}
      error={access.isRead ? tree.error : new Error('You do not have access to view the user hierarchy.')}
    >
      <Flex gap={16} wrap align="flex-start" className="hierarchy">
        <Card variant="borderless" className="hierarchy__tree" title={<><ApartmentOutlined /> Reporting tree</>}>
          {data.length === 0 ? (
            <Empty description="No one to show." />
          ) : (
            <Tree
              treeData={data}
              expandedKeys={expandedKeys}
              onExpand={onExpand}
              blockNode
              selectable={false}
              draggable={access.isEdit && !move.isPending ? { icon: false } : false}
              onDrop={onDrop}
            />
          )}
        </Card>
        {access.isEdit && (
          <Card variant="borderless" className="hierarchy__move" title="Move a person">
            <Form form={form} layout="vertical" onFinish={onMove} requiredMark={false}>
              <Form.Item name="userId" label="Person" rules={[{ required: true, message: 'Please choose a person' }]}>
                <Select showSearch optionFilterProp="label" options={people} placeholder="Choose a person" />
              </Form.Item>
              <Form.Item
                name="leaderId"
                label="New leader"
                rules={[{ required: true, message: 'Please choose a leader' }]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  options={[{ value: TOP, label: 'No leader (top of the tree)' }, ...people]}
                  placeholder="Choose a leader"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={move.isPending} block>
                Move
              </Button>
            </Form>
          </Card>
        )}
      </Flex>
    </Page>
  );
}
