import { moveItem, newLayer, orderByX, toPipelineIn, validatePipeline, type DraftPipeline } from './pipeline-rules';
import { seqLabel } from '@/components/approval-layer';
import { isDescriptionValid } from '@/components/description-dialog';

function draft(overrides: Partial<DraftPipeline> = {}): DraftPipeline {
  return {
    name: 'Hold approval',
    pipelineActionType: 'HOLD_LEAD',
    salesPersons: [],
    layers: [{ ...newLayer(), name: 'Team leader', approvers: [3] }],
    ...overrides,
  };
}

describe('validatePipeline', () => {
  it('accepts a named pipeline whose layers have a name and an approver', () => {
    expect(validatePipeline(draft())).toEqual([]);
  });

  it('asks for a name and at least one layer', () => {
    expect(validatePipeline(draft({ name: ' ', layers: [] }))).toEqual([
      'Please enter the pipeline name.',
      'A pipeline needs at least one layer.',
    ]);
  });

  it("names each layer's problems like the server", () => {
    const layers = [
      { ...newLayer(), name: '', approvers: [] },
      { ...newLayer(), name: 'Board', mode: 'SEVERAL_USER' as const, minApprovals: 3, approvers: [3, 4] },
      { ...newLayer(), name: 'Twice', approvers: [5, 5] },
    ];
    expect(validatePipeline(draft({ layers }))).toEqual([
      'Layer 1 needs a name.',
      'Layer 1 (unnamed) needs at least one approver.',
      'Layer 2 (Board): the minimum of approvals must be between 1 and its 2 approver(s).',
      'Layer 3 (Twice) lists an approver twice.',
    ]);
    const zero = [{ ...newLayer(), name: 'Board', mode: 'SEVERAL_USER' as const, minApprovals: 0, approvers: [3] }];
    expect(validatePipeline(draft({ layers: zero }))).toEqual([
      'Layer 1 (Board): the minimum of approvals must be between 1 and its 1 approver(s).',
    ]);
  });
});

describe('orderByX', () => {
  it('orders layers by the x of their nodes after a drag', () => {
    const layers = ['a', 'b', 'c'].map((key) => ({ key }));
    const x: Record<string, number> = { a: 0, b: 264, c: 528 };
    // 'c' dropped left of 'b'
    expect(orderByX(layers, (key) => (key === 'c' ? 100 : x[key])).map((l) => l.key)).toEqual(['a', 'c', 'b']);
    // 'a' dropped at the far right
    expect(orderByX(layers, (key) => (key === 'a' ? 900 : x[key])).map((l) => l.key)).toEqual(['b', 'c', 'a']);
  });
});

describe('toPipelineIn', () => {
  it('sends layers in order, trims names and keeps the minimum only for Several User', () => {
    const body = toPipelineIn(
      draft({
        id: 4,
        version: 7,
        name: ' Hold ',
        layers: [
          { ...newLayer(), name: ' A ', mode: 'ANY_ORDER', minApprovals: 3, approvers: [3, 4] },
          { ...newLayer(), name: 'B', mode: 'SEVERAL_USER', minApprovals: 2, approvers: [5, 6] },
        ],
      }),
    );
    expect(body).toEqual({
      id: 4,
      version: 7,
      name: 'Hold',
      pipelineActionType: 'HOLD_LEAD',
      salesPersons: [],
      layers: [
        { name: 'A', mode: 'ANY_ORDER', minApprovals: 1, approvers: [3, 4], conditions: [] },
        { name: 'B', mode: 'SEVERAL_USER', minApprovals: 2, approvers: [5, 6], conditions: [] },
      ],
    });
  });
});

describe('helpers', () => {
  it('moves approvers up and down within bounds', () => {
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });

  it('labels sequences as spec 3 §2.5 says', () => {
    expect([1, 2, 3, 4].map(seqLabel)).toEqual(['checked by', 'acknowledged by', 'approved by', 'approved by']);
  });

  it('requires a description of at most 1024 characters when asked to', () => {
    expect(isDescriptionValid('', true)).toBe(false);
    expect(isDescriptionValid('  ', true)).toBe(false);
    expect(isDescriptionValid('', false)).toBe(true);
    expect(isDescriptionValid('x'.repeat(1024), true)).toBe(true);
    expect(isDescriptionValid('x'.repeat(1025), false)).toBe(false);
  });
});
