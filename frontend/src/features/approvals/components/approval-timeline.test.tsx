import { render, screen, within } from '@testing-library/react';
import { timeline } from '../test-fixtures';
import { ApprovalTimeline } from './approval-timeline';
import { ApprovalTimelineGraph } from './approval-timeline-graph';
import { ApprovalTimelineList } from './approval-timeline-list';

describe('ApprovalTimelineGraph', () => {
  it('draws one node per layer in order, coloured by status, with mode, sequence label and approvers', () => {
    render(<ApprovalTimelineGraph timeline={timeline} />);
    const nodes = screen.getAllByTestId('timeline-node');
    expect(nodes.map((n) => n.className)).toEqual([
      'approval-node is-approved',
      'approval-node is-pending',
      'approval-node is-waiting',
    ]);
    expect(nodes[0]).toHaveStyle({ borderColor: '#52c41a' });
    expect(nodes[1]).toHaveStyle({ borderColor: '#1677ff' });
    expect(within(nodes[0]).getByText('Team leader')).toBeInTheDocument();
    expect(within(nodes[0]).getByText('checked by')).toBeInTheDocument();
    expect(within(nodes[0]).getByText('Approved', { selector: '.approval-approver .ant-tag' })).toBeInTheDocument();
    expect(within(nodes[0]).getByText('5-Jan-2026 15:00')).toBeInTheDocument();
    expect(within(nodes[1]).getByText('Several User')).toBeInTheDocument();
    expect(within(nodes[1]).getByText('acknowledged by')).toBeInTheDocument();
    expect(within(nodes[2]).getByText('approved by')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in Temporal UI/ })).toHaveAttribute('href', timeline.temporalUrl);
  });

  it('shows each layer with the status the server gives it (all approved on an approved request), and no link without a Temporal URL', () => {
    const approved = timeline.layers.map((layer) => ({ ...layer, layerStatus: 'APPROVED' }));
    render(<ApprovalTimelineGraph timeline={{ ...timeline, status: 'APPROVED', layers: approved, temporalUrl: null }} />);
    expect(screen.getAllByTestId('timeline-node').every((n) => n.classList.contains('is-approved'))).toBe(true);
    expect(screen.queryByText(/Open in Temporal UI/)).toBeNull();
  });
});

describe('ApprovalTimelineList', () => {
  it('lists the layers for narrow screens', () => {
    render(<ApprovalTimelineList timeline={timeline} />);
    const items = screen.getAllByTestId('timeline-item');
    expect(items).toHaveLength(3);
    expect(within(items[1]).getByText(/Several User · min 2 · acknowledged by/)).toBeInTheDocument();
    expect(within(items[2]).getByText('Waiting')).toBeInTheDocument();
  });
});

describe('ApprovalTimeline', () => {
  const processingTimeline = {
    ...timeline,
    processing: true,
    layers: timeline.layers.map((layer, i) =>
      i === 1 ? { ...layer, approvers: [{ ...layer.approvers[0], processing: true }, layer.approvers[1]] } : layer,
    ),
  };

  it('shows a received decision as processing, on the timeline and for its approver', () => {
    render(<ApprovalTimeline timeline={processingTimeline} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your decision was received and will be applied shortly.');
    expect(screen.getByRole('alert').closest('.ant-alert')).toHaveClass('ant-alert-info');
    const node = screen.getAllByTestId('timeline-node')[1];
    expect(within(node).getByText('Processing')).toBeInTheDocument();
    expect(within(node).getAllByText('Not yet')).toHaveLength(1);
  });

  it('warns when the request needs attention from operations', () => {
    render(<ApprovalTimeline timeline={{ ...processingTimeline, needsAttention: true }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This request needs attention from operations; it is kept and will be applied.');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-warning');
  });

  it('says nothing when every decision is applied', () => {
    render(<ApprovalTimeline timeline={timeline} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('delegates, deadlines and escalation on the timeline', () => {
  const layer = timeline.layers[1];
  const withClock = {
    ...timeline,
    layers: [
      timeline.layers[0],
      {
        ...layer,
        deadline: { amount: 2, unit: 'W' as const, escalateAfter: 1, escalateTo: 'TEAM_LEADER' as const, escalateUserId: null },
        dueAt: '2026-01-07T14:05:00',
        remindedAt: '2026-01-07T14:06:00',
        escalatedToName: 'Budi Santoso',
        escalatedAt: '2026-01-08T14:05:00',
        approvers: [
          { ...layer.approvers[0], actionType: 'APPROVED', approvedAt: '2026-01-06T09:00:00', actingName: 'Maya Kusuma' },
          layer.approvers[1],
          { id: 9, username: 'Budi Santoso', actionType: null, note: null, approvedAt: null, processing: false, escalated: true },
        ],
      },
      timeline.layers[2],
    ],
  };

  it('reads a delegate’s decision as theirs for the approver, tags the escalated approver, shows the clock', () => {
    render(<ApprovalTimelineGraph timeline={withClock} />);
    const node = screen.getAllByTestId('timeline-node')[1];
    expect(within(node).getByText('Maya Kusuma for Budi Approver')).toBeInTheDocument();
    expect(within(node).getByText('escalated')).toBeInTheDocument();
    expect(within(node).getByText(/Due in 2 working days · then the team leader 1 working day later · due 7-Jan-2026 14:05/)).toBeInTheDocument();
    expect(within(node).getByText(/Reminded at 7-Jan-2026 14:06/)).toBeInTheDocument();
    expect(within(node).getByText(/Escalated to Budi Santoso at 8-Jan-2026 14:05/)).toBeInTheDocument();
    // a layer without a deadline shows no clock
    expect(within(screen.getAllByTestId('timeline-node')[0]).queryByTestId('layer-clock')).toBeNull();
  });

  it('shows the same in the narrow list', () => {
    render(<ApprovalTimelineList timeline={withClock} />);
    const item = screen.getAllByTestId('timeline-item')[1];
    expect(within(item).getByText('Maya Kusuma for Budi Approver')).toBeInTheDocument();
    expect(within(item).getByText(/Escalated to Budi Santoso/)).toBeInTheDocument();
  });
});

describe('a route with conditions on the timeline', () => {
  const routed = {
    ...timeline,
    layers: [
      timeline.layers[0],
      { ...timeline.layers[1], layerStatus: 'SKIPPED', skipped: 'GP 800 M < 1 B', conditions: ['GP >= 1 B'] },
      { ...timeline.layers[2], conditions: ['client in PT Maju'] },
    ],
  };

  it('greys a skipped layer with why, asks none of its approvers, and shows each layer’s conditions', () => {
    render(<ApprovalTimelineGraph timeline={routed} />);
    const nodes = screen.getAllByTestId('timeline-node');
    expect(nodes[1]).toHaveClass('is-skipped');
    expect(within(nodes[1]).getByText('Skipped')).toBeInTheDocument();
    expect(within(nodes[1]).getByTestId('layer-skipped')).toHaveTextContent('Skipped: GP 800 M < 1 B');
    expect(within(nodes[1]).getByTestId('layer-conditions')).toHaveTextContent('Only when GP >= 1 B');
    expect(within(nodes[1]).queryByText('Not yet')).toBeNull();
    expect(within(nodes[2]).getByTestId('layer-conditions')).toHaveTextContent('Only when client in PT Maju');
    expect(within(nodes[2]).queryByTestId('layer-skipped')).toBeNull();
    // a layer without conditions shows nothing of them
    expect(within(nodes[0]).queryByTestId('layer-conditions')).toBeNull();
  });

  it('shows the same in the narrow list', () => {
    render(<ApprovalTimelineList timeline={routed} />);
    const items = screen.getAllByTestId('timeline-item');
    expect(items[1]).toHaveClass('is-skipped');
    expect(within(items[1]).getByText('Skipped: GP 800 M < 1 B')).toBeInTheDocument();
    expect(within(items[1]).queryByText('Budi Approver')).toBeNull();
    expect(within(items[2]).getByText(/client in PT Maju/)).toBeInTheDocument();
  });
});
