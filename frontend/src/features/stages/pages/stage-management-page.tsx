import { CheckCircleFilled, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { ListPage } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { DataTable, ExportButton, exportColumnsOf, RefreshButton } from '@/components/data-table';
import { targetLabel } from '@/components/stage-target';
import { usePageAccess } from '@/lib/session';
import { stageKeys } from '../api/keys';
import { listStages, stageListQueryOptions, type Stage } from '../api/stages-api';

export const STAGE_PAGE = 'system/stage-management';

/** A neighbour by its short name ('E3'); the full name on hover. */
function Neighbour({ stages, id }: { stages: Stage[]; id: number | null | undefined }) {
  const stage = id === null || id === undefined ? undefined : stages.find((s) => s.id === id);
  if (!stage) return <Typography.Text type="secondary">-</Typography.Text>;
  return <span title={targetLabel(stage)}>{stage.stageName}</span>;
}

/**
 * /system/stage-management: the lead stages, their order, whether moving into them needs approval and the
 * fields they require; Add and Edit open the stage form page.
 */
export function StageManagementPage() {
  const access = usePageAccess(STAGE_PAGE);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({ ...stageListQueryOptions(), enabled: access.isRead });
  const stages = list.data ?? [];

  // Widths fit each header with its sort icon (text + 48 px) and the Edit button; the required fields take the
  // rest, so the whole table fits 1280 px beside the sidebar (the stage and its description share a column,
  // the neighbours another).
  const columns: ColumnsType<Stage> = [
    {
      title: 'Order',
      dataIndex: 'seqNumber',
      key: 'seqNumber',
      width: 96,
      align: 'right',
      defaultSortOrder: 'ascend',
      sorter: (a, b) => a.seqNumber - b.seqNumber,
    },
    {
      title: 'Stage',
      dataIndex: 'stageDescription',
      key: 'stageDescription',
      width: 184,
      sorter: (a, b) => a.stageDescription.localeCompare(b.stageDescription),
      render: (description: string, row) => (
        <Flex gap={8} align="center">
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {row.stageName}
          </Tag>
          <span>{description}</span>
        </Flex>
      ),
    },
    {
      title: 'Needs Approval',
      dataIndex: 'needsApproval',
      key: 'needsApproval',
      width: 124,
      render: (needs: boolean) =>
        needs ? (
          <Typography.Text type="success">
            <CheckCircleFilled /> Yes
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">No</Typography.Text>
        ),
    },
    {
      title: 'Required Fields',
      dataIndex: 'requiredFields',
      key: 'requiredFields',
      render: (_: unknown, row) =>
        row.requiredFields.length === 0 ? (
          <Typography.Text type="secondary">None</Typography.Text>
        ) : (
          <Flex wrap gap={4}>
            {row.requiredFields.map((f) => (
              <Tag key={f.field} style={{ marginInlineEnd: 0 }}>
                {f.label}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      title: 'Previous / Next',
      key: 'neighbours',
      width: 128,
      render: (_: unknown, row) => (
        <span>
          <Neighbour stages={stages} id={row.previousStage} /> / <Neighbour stages={stages} id={row.nextStage} />
        </span>
      ),
    },
    ...(access.isEdit
      ? [
          {
            title: '',
            key: 'actions',
            width: 96,
            render: (_: unknown, row: Stage) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`Edit ${row.stageName}`}
                onClick={() => navigate(`/system/stage-management/edit/${row.id}`)}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage
      breadcrumb={systemCrumbs('Stage Management')}
      title="Stage Management"
      subtitle="The lead stages, their order, which need approval and what each requires."
      action={
        access.isWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/system/stage-management/add')}>
            Add Stage
          </Button>
        ) : undefined
      }
      canRead={access.isRead}
      noAccessText="You do not have access to view the stages."
      error={list.error}
    >
      <DataTable<Stage>
        keyColumn="stageDescription"
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 860 }}
        dataSource={stages}
        loading={list.isFetching}
        toolbar={
          <Flex gap={8}>
            <ExportButton title="Stages" columns={exportColumnsOf(columns)} run={listStages} />
            <RefreshButton onRefresh={() => queryClient.invalidateQueries({ queryKey: stageKeys.all })} />
          </Flex>
        }
      />
    </ListPage>
  );
}
