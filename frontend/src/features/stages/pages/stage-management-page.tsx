import { CheckCircleFilled, EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Select, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePageAccess } from '@/app/auth/auth-context';
import { ListPage } from '@/components/list-page';
import { DataTable, RefreshButton } from '@/components/data-table';
import { toast } from '@/components/dialogs';
import { leadKeys } from '@/features/leads/api/leads-api';
import { errorMessage } from '@/lib/api/errors';
import { STAGE_DESCRIPTION_MAX, stageKeys, stageListQueryOptions, updateStage, type Stage } from '../api/stages-api';

export const STAGE_PAGE = 'system/stage-management';

interface StageForm {
  stageDescription: string;
  needsApproval: boolean;
  previousStage: number | null;
  nextStage: number | null;
  seqNumber: number;
}

function stageLabel(stages: Stage[], id: number | null | undefined): string {
  if (id === null || id === undefined) return '-';
  const stage = stages.find((s) => s.id === id);
  return stage ? `${stage.stageName} ${stage.stageDescription}` : String(id);
}

function StageEditModal({ stage, stages, onClose }: { stage: Stage | null; stages: Stage[]; onClose: () => void }) {
  const [form] = Form.useForm<StageForm>();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (stage) {
      setServerError(null);
      form.setFieldsValue({
        stageDescription: stage.stageDescription,
        needsApproval: stage.needsApproval,
        previousStage: stage.previousStage ?? null,
        nextStage: stage.nextStage ?? null,
        seqNumber: stage.seqNumber,
      });
    }
  }, [stage, form]);

  const save = useMutation({
    mutationFn: (values: StageForm) => updateStage({ id: stage!.id, ...values, stageDescription: values.stageDescription.trim() }),
    onSuccess: (saved) => {
      toast.success(`Stage '${saved.stageName} ${saved.stageDescription}' has been updated successfully.`);
      void queryClient.invalidateQueries({ queryKey: stageKeys.all });
      // The leads filter options (and the stage-change dialog) list the stages too.
      void queryClient.invalidateQueries({ queryKey: leadKeys.filterOptions });
      onClose();
    },
    onError: (error) => setServerError(errorMessage(error, 'The stage could not be saved.')),
  });

  const others = stages
    .filter((s) => s.id !== stage?.id)
    .map((s) => ({ value: s.id, label: `${s.stageName} ${s.stageDescription}` }));

  return (
    <Modal
      open={stage !== null}
      title={stage ? `Edit Stage ${stage.stageName}` : 'Edit Stage'}
      width={480}
      centered
      forceRender
      okText="Save"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 12 }} />}
      <Form<StageForm> form={form} layout="vertical" onFinish={(values) => save.mutate(values)} requiredMark>
        <Form.Item
          name="stageDescription"
          label="Description"
          rules={[
            { required: true, whitespace: true, message: 'Please enter the stage description.' },
            { max: STAGE_DESCRIPTION_MAX, message: `The description cannot exceed ${STAGE_DESCRIPTION_MAX} characters.` },
          ]}
        >
          <Input aria-label="Description" showCount maxLength={STAGE_DESCRIPTION_MAX} />
        </Form.Item>
        <Form.Item name="needsApproval" label="Needs approval" valuePropName="checked" extra="Moving a lead into this stage asks the approvers first.">
          <Switch aria-label="Needs approval" />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="previousStage" label="Previous stage" style={{ flex: 1 }}>
            <Select aria-label="Previous stage" allowClear placeholder="None" options={others} />
          </Form.Item>
          <Form.Item name="nextStage" label="Next stage" style={{ flex: 1 }}>
            <Select aria-label="Next stage" allowClear placeholder="None" options={others} />
          </Form.Item>
        </Flex>
        <Form.Item name="seqNumber" label="Order" rules={[{ required: true, message: 'Please enter the order.' }]}>
          <InputNumber aria-label="Order" min={1} max={99} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /system/stage-management: the lead stages, their order and whether moving into them needs approval. */
export function StageManagementPage() {
  const access = usePageAccess(STAGE_PAGE);
  const queryClient = useQueryClient();
  const list = useQuery({ ...stageListQueryOptions(), enabled: access.isRead });
  const [editing, setEditing] = useState<Stage | null>(null);
  const stages = list.data ?? [];
  // /system/stage-management/edit/:stageId opens the same modal.
  const { stageId } = useParams();
  const navigate = useNavigate();
  const routed = stageId !== undefined ? (stages.find((s) => s.id === Number(stageId)) ?? null) : null;
  const closeEdit = () => {
    setEditing(null);
    if (stageId !== undefined) navigate('/system/stage-management', { replace: true });
  };

  // Widths fit each header with its sort icon (text + 48 px) and the Edit button; the description takes the
  // rest (at least 168 px at scroll.x, room for its header and sort icon at phone padding too).
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
    { title: 'Stage', dataIndex: 'stageName', key: 'stageName', width: 80, render: (name: string) => <Tag color="blue">{name}</Tag> },
    { title: 'Description', dataIndex: 'stageDescription', key: 'stageDescription', sorter: (a, b) => a.stageDescription.localeCompare(b.stageDescription) },
    { title: 'Pipeline', dataIndex: 'pipeline', key: 'pipeline', width: 96 },
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
    { title: 'Previous', key: 'previousStage', width: 140, render: (_: unknown, row) => stageLabel(stages, row.previousStage) },
    { title: 'Next', key: 'nextStage', width: 140, render: (_: unknown, row) => stageLabel(stages, row.nextStage) },
    ...(access.isEdit
      ? [
          {
            title: '',
            key: 'actions',
            width: 96,
            render: (_: unknown, row: Stage) => (
              <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${row.stageName}`} onClick={() => setEditing(row)}>
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage
        title="Stage Management"
        subtitle="The lead stages, their order, and which need approval."
        canRead={access.isRead}
        noAccessText="You do not have access to view the stages."
        error={list.error}
      >
        <DataTable<Stage>
          rowKey="id"
          columns={columns}
          tableLayout="fixed"
          scroll={{ x: 940 }}
          dataSource={stages}
          loading={list.isFetching}
          toolbar={<RefreshButton onRefresh={() => queryClient.invalidateQueries({ queryKey: stageKeys.all })} />}
        />
      </ListPage>
      <StageEditModal stage={editing ?? routed} stages={stages} onClose={closeEdit} />
    </>
  );
}
