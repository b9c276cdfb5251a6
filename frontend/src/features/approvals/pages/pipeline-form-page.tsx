import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Drawer, Empty, Flex, Form, Grid, Input, Result, Row, Select, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/components/dialogs';
import { FormPage, systemCrumbs } from '@/components/form-page';
import { StaleAlert } from '@/components/stale-alert';
import { errorMessage, formMessages, isStale } from '@/lib/api/errors';
import { usePageAccess } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { pipelineKeys } from '../api/keys';
import {
  pipelineCheckQueryOptions,
  pipelinePeopleQueryOptions,
  pipelineQueryOptions,
  savePipeline,
  type PipelineKind,
} from '../api/pipelines-api';
import type { PipelineActionType, PipelineIn } from '../api/types';
import { LayerSideForm } from '../components/layer-side-form';
import { PipelineGraphEditor } from '../components/pipeline-graph-editor';
import { PipelineLayerList } from '../components/pipeline-layer-list';
import { PipelineTryOn } from '../components/pipeline-try-on';
import { requestTypeLabel } from '../lib/labels';
import { PIPELINE_KINDS } from '../lib/pipeline-kinds';
import {
  draftFromPipeline,
  moveItem,
  newLayer,
  toPipelineIn,
  validatePipeline,
  type DraftLayer,
  type DraftPipeline,
} from '../lib/pipeline-rules';

export const EVERYONE_HINT = 'Leave empty to apply this pipeline to every sales person.';
export const LAYERS_HINT = 'Drag a layer to reorder · click it to edit · + adds a layer';
export const LAYERS_HINT_PHONE = 'Layers decide top to bottom · tap one to edit or move it';
/** How long the action type and sales people stay unchanged before the overlap check asks the server. */
export const OVERLAP_CHECK_DELAY_MS = 400;
export const OVERLAP_TITLE = 'Saving this pipeline would be refused:';

function emptyDraft(actionType: PipelineActionType): DraftPipeline {
  return { name: '', pipelineActionType: actionType, salesPersons: [], layers: [newLayer()] };
}

/** Keys of the layers named in a list of messages ("Layer 2 ..."). */
function invalidLayerKeys(layers: DraftLayer[], messages: string[]): Set<string> {
  const keys = new Set<string>();
  layers.forEach((layer, i) => {
    if (messages.some((m) => m.startsWith(`Layer ${i + 1} `) || m.startsWith(`Layer ${i + 1}:`))) keys.add(layer.key);
  });
  return keys;
}

/**
 * What the overlap check needs of the draft: the server rule looks at the action type and the sales people
 * (and leaves this pipeline's own id out), so the layers, still being drawn, are not sent.
 */
function overlapQuery(draft: DraftPipeline): PipelineIn {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    name: draft.name.trim(),
    pipelineActionType: draft.pipelineActionType,
    salesPersons: [...draft.salesPersons].sort((a, b) => a - b),
    layers: [],
  };
}

/** Warns before saving when another active pipeline already covers these sales people (spec: one per type). */
function useOverlapMessages(kind: PipelineKind, draft: DraftPipeline): string[] {
  // Debounced as text: the draft is a new object on every edit of any field, its text only when these change.
  const text = useDebouncedValue(JSON.stringify(overlapQuery(draft)), OVERLAP_CHECK_DELAY_MS);
  const body = useMemo(() => JSON.parse(text) as PipelineIn, [text]);
  const check = useQuery({ ...pipelineCheckQueryOptions(kind, body), placeholderData: (previous) => previous });
  return check.data?.messages ?? [];
}

function Designer({ kind, initial }: { kind: PipelineKind; initial: DraftPipeline }) {
  const config = PIPELINE_KINDS[kind];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const people = useQuery(pipelinePeopleQueryOptions(kind));
  const [draft, setDraft] = useState<DraftPipeline>(initial);
  const [selectedKey, setSelectedKey] = useState<string | null>(initial.layers[0]?.key ?? null);
  // a phone edits a layer in a sheet, opened by a tap on it (or by adding one), not by the first layer's selection
  const [sheetOpen, setSheetOpen] = useState(false);
  const [clientErrors, setClientErrors] = useState<string[]>([]);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [stale, setStale] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);
  // Below 768 px the hint beside the card title squeezed "Layers" out; it goes into the card body.
  const narrow = Grid.useBreakpoint().md === false;

  // Once Save was pressed, the messages follow the edits.
  useEffect(() => {
    if (submitted) setClientErrors(validatePipeline(draft));
  }, [draft, submitted]);

  const save = useMutation({
    mutationFn: () => savePipeline(kind, toPipelineIn(draft)),
    onSuccess: async (pipeline) => {
      toast.success(`'${pipeline.name}' has been saved as version ${pipeline.version}.`);
      await queryClient.invalidateQueries({ queryKey: pipelineKeys.all(kind) });
      navigate(config.basePath);
    },
    onError: (error) => {
      if (isStale(error)) setStale(error);
      else setServerErrors(formMessages(error, 'The pipeline could not be saved.'));
    },
  });

  // someone else saved a new version meanwhile: theirs comes, and the designer starts again from it
  const reload = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...pipelineQueryOptions(kind, draft.id), staleTime: 0 }),
    onSuccess: (fresh) => {
      const next = draftFromPipeline(fresh);
      setDraft(next);
      setSelectedKey(next.layers[0]?.key ?? null);
      setServerErrors([]);
      setStale(null);
    },
    onError: (error) => setServerErrors(formMessages(error, 'The pipeline could not be loaded.')),
  });

  const setLayers = useCallback((layers: DraftLayer[]) => setDraft((d) => ({ ...d, layers })), []);
  const addLayer = useCallback(() => {
    const layer = newLayer();
    setDraft((d) => ({ ...d, layers: [...d.layers, layer] }));
    setSelectedKey(layer.key);
    setSheetOpen(true);
  }, []);

  const selectedIndex = draft.layers.findIndex((l) => l.key === selectedKey);
  const selected = selectedIndex >= 0 ? draft.layers[selectedIndex] : null;
  const allPeople = people.data ?? [];
  const salesPeople = allPeople.filter((p) => p.roleName === 'SALES');
  const userNames = useMemo(() => new Map((people.data ?? []).map((p) => [p.id, p.fullname])), [people.data]);
  const errors = useMemo(() => [...clientErrors, ...serverErrors], [clientErrors, serverErrors]);
  // Once a save was refused for them, the messages are said once, in the errors.
  const overlaps = useOverlapMessages(kind, draft).filter((m) => !serverErrors.includes(m));
  const invalidKeys = useMemo(() => invalidLayerKeys(draft.layers, errors), [draft.layers, errors]);
  // the selected layer's form: beside the graph at a desk, in a sheet from the bottom on a phone
  const sideForm = selected && (
    <LayerSideForm
      key={selected.key}
      layer={selected}
      index={selectedIndex}
      count={draft.layers.length}
      people={allPeople}
      kind={kind}
      actionType={draft.pipelineActionType}
      vertical={narrow}
      onChange={(layer) => setLayers(draft.layers.map((l) => (l.key === layer.key ? layer : l)))}
      onMove={(delta) => setLayers(moveItem(draft.layers, selectedIndex, delta))}
      onRemove={() => {
        setLayers(draft.layers.filter((l) => l.key !== selected.key));
        setSelectedKey(null);
      }}
      onClose={() => setSelectedKey(null)}
    />
  );

  const onSave = () => {
    setSubmitted(true);
    setServerErrors([]);
    const found = validatePipeline(draft);
    setClientErrors(found);
    if (found.length === 0) save.mutate();
  };

  return (
    <>
      <Card variant="borderless" className="page-card" style={{ marginBottom: 16 }}>
        <Form layout="vertical" component="div">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Name" required>
                <Input
                  aria-label="Pipeline name"
                  value={draft.name}
                  maxLength={120}
                  placeholder="e.g. Stage change approval"
                  onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Action type" required>
                <Select<PipelineActionType>
                  aria-label="Action type"
                  value={draft.pipelineActionType}
                  disabled={config.actionTypes.length === 1}
                  options={config.actionTypes.map((t) => ({ value: t, label: requestTypeLabel(t) }))}
                  onChange={(pipelineActionType) => setDraft((d) => ({ ...d, pipelineActionType }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="Sales people" extra={EVERYONE_HINT} style={{ marginBottom: 0 }}>
                <Select<number[]>
                  mode="multiple"
                  aria-label="Sales people"
                  allowClear
                  placeholder="Every sales person"
                  loading={people.isLoading}
                  optionFilterProp="label"
                  value={draft.salesPersons}
                  options={salesPeople.map((p) => ({ value: p.id, label: p.fullname }))}
                  onChange={(salesPersons) => setDraft((d) => ({ ...d, salesPersons }))}
                />
              </Form.Item>
            </Col>
            {overlaps.length > 0 && (
              <Col xs={24}>
                <Alert
                  type="warning"
                  showIcon
                  className="pipeline-overlaps"
                  style={{ marginTop: 16 }}
                  title={OVERLAP_TITLE}
                  description={
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {overlaps.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  }
                />
              </Col>
            )}
          </Row>
        </Form>
      </Card>
      <Card
        variant="borderless"
        className="page-card"
        title="Layers"
        extra={
          !narrow && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {LAYERS_HINT}
            </Typography.Text>
          )
        }
      >
        {narrow && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            {LAYERS_HINT_PHONE}
          </Typography.Paragraph>
        )}
        {stale != null && <StaleAlert error={stale} reloading={reload.isPending} onReload={() => reload.mutate()} />}
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title="Please fix the following:"
            description={
              <ul className="pipeline-errors" style={{ margin: 0, paddingInlineStart: 18 }}>
                {errors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            }
          />
        )}
        {narrow ? (
          <>
            <PipelineLayerList
              layers={draft.layers}
              selectedKey={selectedKey}
              invalidKeys={invalidKeys}
              userNames={userNames}
              onSelect={(key) => {
                setSelectedKey(key);
                setSheetOpen(true);
              }}
              onAdd={addLayer}
            />
            <Drawer
              className="pipeline-layer-sheet"
              placement="bottom"
              size={520}
              open={sheetOpen && selected !== null}
              onClose={() => setSheetOpen(false)}
              closable={false}
              destroyOnHidden
            >
              {sideForm}
            </Drawer>
          </>
        ) : (
          <div className="pipeline-designer">
            <PipelineGraphEditor
              layers={draft.layers}
              selectedKey={selectedKey}
              invalidKeys={invalidKeys}
              userNames={userNames}
              onSelect={setSelectedKey}
              onReorder={setLayers}
              onAdd={addLayer}
            />
            {sideForm ?? (
              <Card size="small" className="pipeline-designer__side">
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Select a layer to edit it, or press + to add one." />
              </Card>
            )}
          </div>
        )}
        <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
          <Button onClick={() => navigate(config.basePath)}>Cancel</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={onSave}>
            Save
          </Button>
        </Flex>
      </Card>
      <PipelineTryOn kind={kind} draft={draft} />
    </>
  );
}

/** Add or edit a pipeline (a save of an existing one is a new version). */
export function PipelineFormPage({ kind }: { kind: PipelineKind }) {
  const config = PIPELINE_KINDS[kind];
  const { pipelineId } = useParams();
  const id = pipelineId !== undefined ? Number(pipelineId) : undefined;
  const editing = id !== undefined;
  const access = usePageAccess(config.page);
  const pipeline = useQuery({ ...pipelineQueryOptions(kind, id), enabled: editing && Number.isFinite(id) });
  const initial = useMemo(
    () => (pipeline.data ? draftFromPipeline(pipeline.data) : editing ? null : emptyDraft(config.actionTypes[0])),
    [pipeline.data, editing, config.actionTypes],
  );
  const allowed = editing ? access.isEdit : access.isWrite;

  return (
    <FormPage
      breadcrumb={systemCrumbs(config.title, config.basePath, editing ? 'Edit' : 'Add')}
      title={
        <>
          {editing ? 'Edit' : 'Add'} {config.title}{' '}
          {pipeline.data && <Tag color="blue">Version {pipeline.data.version}</Tag>}
        </>
      }
      subtitle={
        editing ? 'Saving creates a new version; requests already running keep theirs.' : 'Layers decide one after another, left to right.'
      }
      width="full"
      card={false}
    >
      {!allowed ? (
        <Alert type="info" showIcon title="You do not have access to change approval pipelines." />
      ) : editing && pipeline.isError ? (
        <Result status="warning" title="The pipeline could not be loaded." subTitle={errorMessage(pipeline.error)} />
      ) : !initial ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <Designer key={pipeline.data?.id ?? 'new'} kind={kind} initial={initial} />
      )}
    </FormPage>
  );
}

export function ApprovalPipelineFormPage() {
  return <PipelineFormPage kind="lead" />;
}

export function PcsApprovalPipelineFormPage() {
  return <PipelineFormPage kind="pcs" />;
}
