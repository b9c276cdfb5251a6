import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { chooseOption } from '@/test/antd-helpers';
import { people } from '../test-fixtures';
import { deadlineSummary, draftDeadlineSummary } from '../lib/deadlines';
import { newLayer, toPipelineIn, validatePipeline, type DraftLayer } from '../lib/pipeline-rules';
import { LayerSideForm } from './layer-side-form';

function Harness({ onLayer }: { onLayer: (layer: DraftLayer) => void }) {
  const [layer, setLayer] = useState<DraftLayer>({ ...newLayer(), name: 'Team leader', approvers: [3] });
  return (
    <LayerSideForm
      layer={layer}
      index={0}
      count={1}
      people={people}
      kind="lead"
      actionType="HOLD_LEAD"
      onChange={(next) => {
        setLayer(next);
        onLayer(next);
      }}
      onMove={() => undefined}
      onRemove={() => undefined}
      onClose={() => undefined}
    />
  );
}

describe('LayerSideForm deadline', () => {
  it('adds a deadline, counts it in working days and escalates it to a user', async () => {
    let last: DraftLayer | null = null;
    render(<Harness onLayer={(layer) => (last = layer)} />);
    expect(screen.queryByLabelText('Deadline amount')).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Layer has a deadline'));
    // the default: 2 working days, then the requester's team leader one more working day later
    expect(screen.getByText("Due in 2 working days; escalated to the requester's team leader 1 working day later."))
      .toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Deadline amount'), { target: { value: '3' } });
    await chooseOption(screen.getByLabelText('Deadline unit'), 'Calendar days (C)');
    await chooseOption(screen.getByLabelText('Escalate to'), 'A user');
    expect(screen.getByText('User')).toBeInTheDocument();
    expect(validatePipeline({ name: 'P', pipelineActionType: 'HOLD_LEAD', salesPersons: [], layers: [last!] }))
      .toEqual(['Layer 1 (Team leader): choose the user it is escalated to.']);
    await chooseOption(screen.getByLabelText('Escalation user'), 'Budi Approver');
    fireEvent.change(screen.getByLabelText('Escalate after'), { target: { value: '0' } });
    expect(screen.getByText('Due in 3 calendar days; escalated to Budi Approver then.')).toBeInTheDocument();

    expect(last!.deadline).toEqual({ amount: 3, unit: 'C', escalateAfter: 0, escalateTo: 'USER', escalateUserId: 4 });
    const body = toPipelineIn({ name: 'P', pipelineActionType: 'HOLD_LEAD', salesPersons: [], layers: [last!] });
    expect(body.layers?.[0]?.deadline).toEqual({
      amount: 3, unit: 'C', escalateAfter: 0, escalateTo: 'USER', escalateUserId: 4,
    });
  });

  it('a reminder only keeps no escalation user, and switching off sends no deadline', async () => {
    let last: DraftLayer | null = null;
    render(<Harness onLayer={(layer) => (last = layer)} />);
    fireEvent.click(screen.getByLabelText('Layer has a deadline'));
    await chooseOption(screen.getByLabelText('Escalate to'), 'Nobody (a reminder only)');
    expect(screen.queryByLabelText('Escalate after')).not.toBeInTheDocument();
    expect(screen.getByText('Due in 2 working days; the approvers are reminded.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Layer has a deadline'));
    expect(last!.deadline).toBeNull();
    const body = toPipelineIn({ name: 'P', pipelineActionType: 'HOLD_LEAD', salesPersons: [], layers: [last!] });
    expect(body.layers?.[0]).not.toHaveProperty('deadline');
  });
});

describe('deadline summaries', () => {
  it('reads as the node shows them, in words (no unit codes)', () => {
    expect(deadlineSummary({ amount: 2, unit: 'W', escalateAfter: 0, escalateTo: 'TEAM_LEADER' })).toBe(
      'Due in 2 working days · then the team leader',
    );
    expect(deadlineSummary({ amount: 2, unit: 'W', escalateAfter: 1, escalateTo: 'TEAM_LEADER' })).toBe(
      'Due in 2 working days · then the team leader 1 working day later',
    );
    expect(
      deadlineSummary({ amount: 4, unit: 'HOURS', escalateAfter: 2, escalateTo: 'USER', escalateUserName: 'Ratna' }),
    ).toBe('Due in 4 hours · then Ratna 2 hours later');
    expect(draftDeadlineSummary({ amount: 1, unit: 'C', escalateAfter: 0, escalateTo: 'NONE', escalateUserId: null },
      new Map())).toBe('Due in 1 calendar day · a reminder');
  });
});
