import { Alert, Flex, Grid } from 'antd';
import type { Timeline } from '../api/types';
import { DECISION_RECEIVED, NEEDS_ATTENTION } from '../lib/labels';
import { ApprovalTimelineGraph } from './approval-timeline-graph';
import { ApprovalTimelineList } from './approval-timeline-list';

/**
 * What the server says about decisions not yet applied: a flagged request needs operations (a warning, it is
 * kept); otherwise a decision received and still being applied (an info).
 */
export function TimelineNotice({ timeline }: { timeline: Pick<Timeline, 'processing' | 'needsAttention' | 'message'> }) {
  if (timeline.needsAttention) return <Alert type="warning" showIcon title={NEEDS_ATTENTION} />;
  if (timeline.processing) return <Alert type="info" showIcon title={timeline.message ?? DECISION_RECEIVED} />;
  return null;
}

/** The graph on wide screens, the compact list below 768 px, under the notice of a decision in flight. */
export function ApprovalTimeline({ timeline }: { timeline: Timeline }) {
  const screens = Grid.useBreakpoint();
  return (
    <Flex vertical gap={12}>
      <TimelineNotice timeline={timeline} />
      {screens.md === false ? <ApprovalTimelineList timeline={timeline} /> : <ApprovalTimelineGraph timeline={timeline} />}
    </Flex>
  );
}
