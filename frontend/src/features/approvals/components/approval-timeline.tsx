import { Grid } from 'antd';
import type { Timeline } from '../api/types';
import { ApprovalTimelineGraph } from './approval-timeline-graph';
import { ApprovalTimelineList } from './approval-timeline-list';

/** The graph on wide screens, the compact list below 768 px. */
export function ApprovalTimeline({ timeline }: { timeline: Timeline }) {
  const screens = Grid.useBreakpoint();
  return screens.md === false ? <ApprovalTimelineList timeline={timeline} /> : <ApprovalTimelineGraph timeline={timeline} />;
}
