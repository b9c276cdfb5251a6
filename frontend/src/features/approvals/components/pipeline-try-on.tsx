import { ExperimentOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { ApprovalRoute } from '@/components/approval-route';
import { StageTargetSelect } from '@/components/stage-target';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { tryPipeline, type PipelineKind } from '../api/pipelines-api';
import { registerLeadsQueryOptions, stageOptionsQueryOptions } from '../api/registers-api';
import type { PipelineTryIn } from '../api/types';
import { leadOptionLabel } from '../lib/labels';
import { toPipelineIn, type DraftPipeline } from '../lib/pipeline-rules';

export const TRY_ON_HINT = 'The route a request of a lead would take through this pipeline as drawn, before you save it.';
export const TRIED_BEFORE_CHANGES = 'The pipeline changed since: show the route again to see it as drawn now.';
/** How long the lead search waits for the typing to settle. */
const SEARCH_DELAY_MS = 300;

/** "Try on a lead": pick a lead (and, for a stage change, the stage asked for) and see the drawn pipeline's route. */
export function PipelineTryOn({ kind, draft }: { kind: PipelineKind; draft: DraftPipeline }) {
  const [leadId, setLeadId] = useState<number>();
  const [stageId, setStageId] = useState<number>();
  const [search, setSearch] = useState('');
  // the leads are searched once the picker is first opened, not whenever the designer is
  const [picking, setPicking] = useState(false);
  const term = useDebouncedValue(search, SEARCH_DELAY_MS);
  const leads = useQuery({ ...registerLeadsQueryOptions(term), enabled: picking });
  const changing = draft.pipelineActionType === 'CHANGE_LEAD_STAGE';
  const stages = useQuery({ ...stageOptionsQueryOptions(leadId), enabled: changing && leadId !== undefined });
  const body: PipelineTryIn | null =
    leadId === undefined || (changing && stageId === undefined)
      ? null
      : { pipeline: toPipelineIn(draft), leadId, ...(changing ? { targetStageId: stageId } : {}) };
  const [tried, setTried] = useState<string | null>(null);
  const route = useMutation({
    mutationFn: (input: PipelineTryIn) => tryPipeline(kind, input),
    onMutate: (input) => setTried(JSON.stringify(input)),
  });
  const changedSince = tried !== null && body !== null && JSON.stringify(body) !== tried;

  return (
    <Card variant="borderless" className="page-card pipeline-try" title="Try on a lead" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {TRY_ON_HINT}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <div className={`pipeline-try__pickers${changing ? '' : ' is-lead-only'}`}>
          <Form.Item label="Lead" style={{ marginBottom: 0 }}>
            <Select<number>
              aria-label="Try on lead"
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder="Search a project or client"
              loading={leads.isFetching}
              value={leadId}
              options={leads.data?.data.map((lead) => ({ value: lead.id, label: leadOptionLabel(lead) }))}
              onOpenChange={(open) => open && setPicking(true)}
              onFocus={() => setPicking(true)}
              onChange={(id) => {
                setLeadId(id);
                setStageId(undefined);
                route.reset();
                setTried(null);
              }}
            />
          </Form.Item>
          {changing ? (
            <Form.Item label="Target stage" style={{ marginBottom: 0 }}>
              <StageTargetSelect
                aria-label="Try with target stage"
                loading={stages.isFetching}
                disabled={leadId === undefined}
                stages={stages.data?.stages ?? []}
                selectable={(s) => !s.isCurrent}
                value={stageId}
                onChange={setStageId}
              />
            </Form.Item>
          ) : null}
          <Button
            icon={<ExperimentOutlined />}
            disabled={body === null}
            loading={route.isPending}
            onClick={() => body && route.mutate(body)}
          >
            Show route
          </Button>
        </div>
      </Form>
      {(route.isPending || route.isError || route.data) && (
        <ApprovalRoute route={route.data} loading={route.isPending} error={route.error} />
      )}
      {changedSince && !route.isPending && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {TRIED_BEFORE_CHANGES}
        </Typography.Text>
      )}
    </Card>
  );
}
