import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Switch,
  Tag,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/components/dialogs';
import { FormActions, FormPage, systemCrumbs } from '@/components/form-page';
import { targetLabel } from '@/components/stage-target';
import { errorMessage } from '@/lib/api/errors';
import { invalidateDomains } from '@/lib/query-domains';
import { usePageAccess } from '@/lib/session';
import { stageKeys } from '../api/keys';
import {
  createStage,
  requirementCatalogueQueryOptions,
  STAGE_DESCRIPTION_MAX,
  STAGE_NAME_MAX,
  STAGE_POSITION_MAX,
  stageListQueryOptions,
  updateStage,
} from '../api/stages-api';
import { STAGE_PAGE } from './stage-management-page';

export const STAGE_LIST_PATH = '/system/stage-management';
export type StageFormMode = 'add' | 'edit';

interface StageFormValues {
  stageName: string;
  stageDescription: string;
  seqNumber: number | null;
  needsApproval: boolean;
  requiredFields: string[];
  previousStage: number | null;
  nextStage: number | null;
}

/**
 * /system/stage-management/add and /edit/{id}: a stage's name, description, position on the board, whether
 * moving into it needs approval and the fields it requires (chosen from the server's catalogue). The board,
 * the stage rules and the stage pages follow what is saved here.
 */
export function StageFormPage({ mode }: { mode: StageFormMode }) {
  const { stageId: param } = useParams();
  const stageId = mode === 'edit' ? Number(param) : undefined;
  const access = usePageAccess(STAGE_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StageFormValues>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const loaded = useRef(false);

  const list = useQuery({ ...stageListQueryOptions(), enabled: access.isRead });
  const catalogue = useQuery({ ...requirementCatalogueQueryOptions(), enabled: access.isRead });
  const stages = list.data ?? [];
  const stage = stageId !== undefined ? stages.find((s) => s.id === stageId) : undefined;

  useEffect(() => {
    if (loaded.current || !stage) return;
    loaded.current = true;
    form.setFieldsValue({
      stageName: stage.stageName,
      stageDescription: stage.stageDescription,
      seqNumber: stage.seqNumber,
      needsApproval: stage.needsApproval,
      requiredFields: stage.requiredFields.map((f) => f.field),
      previousStage: stage.previousStage ?? null,
      nextStage: stage.nextStage ?? null,
    });
  }, [stage, form]);

  const save = async (values: StageFormValues) => {
    setServerError(null);
    setSaving(true);
    const description = values.stageDescription.trim();
    try {
      const saved =
        mode === 'add'
          ? await createStage({
              stageName: values.stageName.trim().toUpperCase(),
              stageDescription: description,
              seqNumber: values.seqNumber ?? 0,
              needsApproval: values.needsApproval,
              requiredFields: values.requiredFields ?? [],
            })
          : await updateStage({
              id: stageId!,
              stageDescription: description,
              seqNumber: values.seqNumber ?? 0,
              needsApproval: values.needsApproval,
              requiredFields: values.requiredFields ?? [],
              previousStage: values.previousStage ?? null,
              nextStage: values.nextStage ?? null,
            });
      toast.success(`Stage '${targetLabel(saved)}' has been ${mode === 'add' ? 'added' : 'updated'} successfully.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stageKeys.all }),
        // The board, its filters and every lead's stage options list the stages too.
        invalidateDomains(queryClient, 'leads'),
      ]);
      navigate(STAGE_LIST_PATH);
    } catch (error) {
      setServerError(errorMessage(error, 'The stage could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  const title = mode === 'add' ? 'Add Stage' : stage ? `Edit Stage ${stage.stageName}` : 'Edit Stage';
  const others = stages.filter((s) => s.id !== stageId).map((s) => ({ value: s.id, label: targetLabel(s) }));
  const canSave = mode === 'add' ? access.isWrite : access.isEdit;
  const missing = mode === 'edit' && list.isSuccess && !stage;

  return (
    <FormPage
      breadcrumb={systemCrumbs('Stage Management', STAGE_LIST_PATH, mode === 'add' ? 'Add' : 'Edit')}
      title={title}
      subtitle="The board, the stage rules and each lead's stage page follow this stage as saved."
    >
      {!access.isRead ? (
        <Alert type="info" showIcon title="You do not have access to the stages." />
      ) : list.isError ? (
        <Result status="warning" title="Error loading data" subTitle={errorMessage(list.error)} />
      ) : missing ? (
        <Result
          status="404"
          title="Stage not found."
          extra={<Button onClick={() => navigate(STAGE_LIST_PATH)}>Back to Stage Management</Button>}
        />
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<StageFormValues>
          form={form}
          layout="vertical"
          requiredMark
          disabled={!canSave || saving}
          initialValues={{ needsApproval: false, requiredFields: [], previousStage: null, nextStage: null }}
          onValuesChange={() => setServerError(null)}
          onFinish={(values) => void save(values)}
        >
          {serverError && <Alert type="error" showIcon title={serverError} className="form-alert" />}
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="stageName"
                label="Name"
                extra={mode === 'add' ? 'Short and unique; it cannot change later.' : 'A stage keeps its name.'}
                rules={[
                  { required: true, whitespace: true, message: 'Please enter the stage name.' },
                  { max: STAGE_NAME_MAX, message: `The name cannot exceed ${STAGE_NAME_MAX} characters.` },
                ]}
              >
                <Input aria-label="Name" maxLength={STAGE_NAME_MAX} disabled={mode === 'edit'} placeholder="e.g. E8" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name="stageDescription"
                label="Description"
                extra="Also the stage page's address: 'Negotiation' opens at /leads/{id}/negotiation."
                rules={[
                  { required: true, whitespace: true, message: 'Please enter the stage description.' },
                  { max: STAGE_DESCRIPTION_MAX, message: `The description cannot exceed ${STAGE_DESCRIPTION_MAX} characters.` },
                ]}
              >
                <Input aria-label="Description" showCount maxLength={STAGE_DESCRIPTION_MAX} placeholder="e.g. Negotiation" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="seqNumber"
                label="Position"
                rules={[{ required: true, message: 'Please enter the position.' }]}
              >
                <InputNumber aria-label="Position" min={1} max={STAGE_POSITION_MAX} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item label="Positions now">
                <Flex wrap gap={4} className="stage-form__positions">
                  {stages.map((s) => (
                    <Tag key={s.id} color={s.id === stageId ? 'blue' : undefined}>
                      {s.seqNumber} · {targetLabel(s)}
                    </Tag>
                  ))}
                </Flex>
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="needsApproval"
                label="Needs approval"
                valuePropName="checked"
                extra="Moving a lead into this stage asks the approvers first."
              >
                <Switch aria-label="Needs approval" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="requiredFields"
                label="Required fields"
                extra="A lead must have these before it may enter this stage; its stage page asks for them."
              >
                <Select
                  aria-label="Required fields"
                  mode="multiple"
                  allowClear
                  placeholder="None"
                  loading={catalogue.isPending}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(catalogue.data ?? []).map((f) => ({ value: f.field, label: f.label }))}
                />
              </Form.Item>
            </Col>
            {mode === 'edit' && (
              <>
                <Col xs={24} md={12}>
                  <Form.Item name="previousStage" label="Previous stage">
                    <Select aria-label="Previous stage" allowClear placeholder="None" options={others} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="nextStage" label="Next stage">
                    <Select aria-label="Next stage" allowClear placeholder="None" options={others} />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
          <FormActions>
            <Button disabled={false} onClick={() => navigate(STAGE_LIST_PATH)}>
              Cancel
            </Button>
            {canSave && (
              <Button type="primary" htmlType="submit" loading={saving}>
                {mode === 'add' ? 'Add Stage' : 'Save'}
              </Button>
            )}
          </FormActions>
        </Form>
      )}
    </FormPage>
  );
}

export const StageAddPage = () => <StageFormPage mode="add" />;
export const StageEditPage = () => <StageFormPage mode="edit" />;
