import { ClockCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tabs, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { ListPage } from '@/components/list-page';
import { systemCrumbs } from '@/components/page';
import { DataTable, ExportButton, exportColumnsOf, RefreshButton } from '@/components/data-table';
import { confirmRemove } from '@/components/dialogs';
import { formatDate } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import { pipelineKeys } from '../api/keys';
import { deletePipeline, listPipelines, pipelineListQueryOptions, type PipelineKind } from '../api/pipelines-api';
import type { Pipeline } from '../api/types';
import { DelegationsPanel } from '../components/delegations';
import { deadlineSummary } from '../lib/deadlines';
import { requestTypeLabel } from '../lib/labels';
import { PIPELINE_KINDS } from '../lib/pipeline-kinds';

/** The number of layers, and a clock whose tooltip lists the layers' deadlines when any has one. */
function LayersCell({ pipeline }: { pipeline: Pipeline }) {
  const timed = pipeline.layers.flatMap((layer, i) =>
    layer.deadline ? [`Layer ${i + 1} (${layer.name}): ${deadlineSummary(layer.deadline)}`] : [],
  );
  return (
    <Flex gap={6} justify="flex-end" align="center">
      {timed.length > 0 && (
        <Tooltip title={timed.map((line) => <div key={line}>{line}</div>)}>
          <ClockCircleOutlined aria-label={`Deadlines: ${timed.join('; ')}`} style={{ color: '#d48806' }} />
        </Tooltip>
      )}
      {pipeline.layers.length}
    </Flex>
  );
}

export const OLDER_VERSION_TIP = 'Those requests keep the route they started with; new requests take this version.';

/** "2 pending on an older version": requests still running on a version before the current one. */
export function pendingOnOlderText(count: number): string {
  return `${count} pending on an older version`;
}

/** The pipeline's version, and how many of its pending requests run on an older one (they keep its route). */
function VersionCell({ pipeline }: { pipeline: Pipeline }) {
  const older = pipeline.pendingOnOlder ?? 0;
  return (
    <Flex vertical align="flex-end" gap={4}>
      <span>v{pipeline.version}</span>
      {older > 0 && (
        <Tooltip title={OLDER_VERSION_TIP}>
          <Tag className="pipeline-older" color="gold" data-testid="pipeline-older">
            {pendingOnOlderText(older)}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** The pipelines of one kind: name, action type, layers, sales people, version; Add, Edit, Remove. */
export function PipelineListPage({ kind }: { kind: PipelineKind }) {
  const config = PIPELINE_KINDS[kind];
  const access = usePageAccess(config.page);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery({ ...pipelineListQueryOptions(kind), enabled: access.isRead });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all(kind) });

  const remove = (pipeline: Pipeline) =>
    confirmRemove({
      title: 'Remove Pipeline',
      name: pipeline.name,
      note: 'Requests already running keep their version.',
      remove: () => deletePipeline(kind, pipeline.id),
      onDone: refresh,
    });

  // Widths fit each header with its sort icon (text + 48 px), one-line dates and both buttons; the name takes
  // the rest (at least 112 px at scroll.x) and wraps between words rather than being cut.
  const columns: ColumnsType<Pipeline> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
    },
    {
      title: 'Action Type',
      dataIndex: 'pipelineActionType',
      key: 'pipelineActionType',
      width: 150,
      sorter: (a, b) => a.pipelineActionType.localeCompare(b.pipelineActionType),
      render: (type: string) => requestTypeLabel(type),
    },
    {
      title: 'Layers',
      key: 'layers',
      width: 104,
      align: 'right',
      sorter: (a, b) => a.layers.length - b.layers.length,
      render: (_: unknown, row) => <LayersCell pipeline={row} />,
    },
    {
      title: 'Sales People',
      key: 'salesPersons',
      width: 120,
      align: 'right',
      sorter: (a, b) => a.salesPersons.length - b.salesPersons.length,
      render: (_: unknown, row) =>
        row.salesPersons.length === 0 ? <Tag>Everyone</Tag> : row.salesPersons.length,
    },
    {
      title: 'Version',
      dataIndex: 'version',
      key: 'version',
      width: 108,
      align: 'right',
      sorter: (a, b) => a.version - b.version,
      render: (_: number, row) => <VersionCell pipeline={row} />,
    },
    {
      title: 'Updated',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 128,
      sorter: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
      render: (value: string) => formatDate(value),
    },
    {
      title: '',
      key: 'actions',
      width: 188,
      render: (_: unknown, row) => (
        <Flex gap={4}>
          {access.isEdit && (
            <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`${config.basePath}/edit/${row.id}`)}>
              Edit
            </Button>
          )}
          {access.isDelete && (
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(row)}>
              Remove
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  const table = (
    <DataTable<Pipeline>
      rowKey="id"
      columns={columns}
      tableLayout="fixed"
      scroll={{ x: 910 }}
      dataSource={list.data}
      loading={list.isFetching}
      toolbar={
        <Flex gap={8}>
          <ExportButton
            title={config.title}
            columns={[...exportColumnsOf(columns), { key: 'salesPersons', title: 'Sales People' }]}
            run={() => listPipelines(kind)}
          />
          <RefreshButton onRefresh={refresh} />
        </Flex>
      }
    />
  );

  return (
    <ListPage
      breadcrumb={systemCrumbs(config.title)}
      title={config.title}
      subtitle={
        kind === 'pcs'
          ? 'Who approves project cost sheets, layer by layer.'
          : 'Who approves stage changes, holds, drops and closes of leads, layer by layer.'
      }
      action={
        access.isWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${config.basePath}/add`)}>
            Add Pipeline
          </Button>
        )
      }
      canRead={access.isRead}
      noAccessText="You do not have access to view the pipelines."
      error={list.error}
    >
      {access.isEdit ? (
        // who may edit pipelines keeps everyone's delegations (out of office) too
        <Tabs
          items={[
            { key: 'pipelines', label: 'Pipelines', children: table },
            {
              key: 'delegations',
              label: 'Out of office',
              children: <DelegationsPanel scope="everyone" canEdit={access.isEdit} />,
            },
          ]}
        />
      ) : (
        table
      )}
    </ListPage>
  );
}

export function ApprovalPipelineListPage() {
  return <PipelineListPage kind="lead" />;
}

export function PcsApprovalPipelineListPage() {
  return <PipelineListPage kind="pcs" />;
}
