import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StageRequirements, StageTargetSelect, type StageTarget } from './stage-target';

const stage = (id: number, name: string, description: string, extra: Partial<StageTarget> = {}): StageTarget => ({
  id,
  stageName: name,
  stageDescription: description,
  isCurrent: false,
  allowed: true,
  reason: null,
  needsApproval: false,
  requiredFields: [],
  missingFields: [],
  ...extra,
});

const stages = [
  stage(1, 'E1', 'Found', { isCurrent: true, allowed: false, reason: 'The lead is already in E1 Found.' }),
  stage(2, 'E2', 'Connected'),
  stage(4, 'E4', 'Proposal', {
    allowed: false,
    needsApproval: true,
    reason: 'Complete these fields before moving to E4 Proposal: Proposal.',
    missingFields: ['Proposal'],
  }),
];

function openOptions() {
  fireEvent.mouseDown(screen.getByLabelText('Target stage'));
  return waitFor(() => {
    const items = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
    if (items.length === 0) throw new Error('closed');
    return items;
  });
}

describe('StageTargetSelect', () => {
  it('offers the allowed targets, marks the ones needing approval and shows why the others are disabled', async () => {
    const onChange = vi.fn();
    render(<StageTargetSelect aria-label="Target stage" stages={stages} onChange={onChange} />);
    const items = await openOptions();
    // The current stage is not a target.
    expect(items.map((i) => i.querySelector('.stage-target-option__name')?.textContent)).toEqual([
      'E2 Connected',
      'E4 Proposal',
    ]);
    expect(items[0]).not.toHaveClass('ant-select-item-option-disabled');
    expect(items[1]).toHaveClass('ant-select-item-option-disabled');
    expect(items[1]).toHaveTextContent('Needs approval');
    expect(items[1]).toHaveTextContent('Complete these fields before moving to E4 Proposal: Proposal.');
    fireEvent.click(items[1]);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(items[0]);
    expect(onChange).toHaveBeenCalledWith(2, expect.anything());
  });

  it('lets the caller widen what may be chosen and keep the current stage', async () => {
    render(
      <StageTargetSelect
        aria-label="Target stage"
        stages={stages}
        showCurrent
        selectable={(s) => Boolean(s.allowed) || (s.missingFields ?? []).length > 0}
      />,
    );
    const items = await openOptions();
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Current');
    expect(items.some((i) => i.classList.contains('ant-select-item-option-disabled'))).toBe(false);
  });
});

describe('StageRequirements', () => {
  it('lists what the stage requires with the missing fields highlighted', () => {
    render(
      <StageRequirements
        stage={stage(4, 'E4', 'Proposal', {
          requiredFields: [
            { field: 'proposalFile', label: 'Proposal', filled: false },
            { field: 'totalRevenue', label: 'Total Revenue', filled: true },
          ],
        })}
      />,
    );
    expect(screen.getByText('E4 Proposal requires')).toBeInTheDocument();
    const missing = document.querySelector('[data-field="proposalFile"]')!;
    expect(missing).toHaveClass('is-missing');
    expect(missing).toHaveTextContent('Proposalmissing');
    expect(document.querySelector('[data-field="totalRevenue"]')).toHaveTextContent('Total Revenuefilled');
  });

  it('lists a field a stage on the way requires when the move lacks it', () => {
    const lacking = { missingFields: ['Person in Charge'], lackingFields: [{ field: 'personInCharges', label: 'Person in Charge' }] };
    render(<StageRequirements stage={stage(4, 'E4', 'Proposal', lacking)} />);
    expect(document.querySelector('.is-missing')).toHaveTextContent('Person in Charge (a stage on the way)missing');
  });

  it('says when a stage requires nothing', () => {
    render(<StageRequirements stage={stage(2, 'E2', 'Connected')} />);
    expect(screen.getByText('No fields.')).toBeInTheDocument();
  });
});
