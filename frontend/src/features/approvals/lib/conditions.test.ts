import { conditionalPipeline } from '../test-fixtures';
import { conditionErrors, conditionText, factsFor, newCondition, shortAmount, withFact } from './conditions';
import { draftFromPipeline, toPipelineIn, validatePipeline } from './pipeline-rules';

describe('conditionText', () => {
  it('writes a condition as the server does on a saved one', () => {
    const amount = (fact: 'GP' | 'GP_MARGIN' | 'SHEET_TOTAL', op: '>=' | '<', value: number) =>
      conditionText({ fact, op, amount: value, ids: [], names: [] });
    expect(amount('GP', '>=', 1e9)).toBe('GP >= 1 B');
    expect(amount('GP', '<', 800e6)).toBe('GP < 800 M');
    expect(amount('SHEET_TOTAL', '>=', 1.25e9)).toBe('cost sheet total >= 1.25 B');
    expect(amount('GP_MARGIN', '<', 12.5)).toBe('GP margin < 12.5 %');
    expect(shortAmount(950_000)).toBe('950 K');
    expect(shortAmount(12)).toBe('12');
    expect(conditionText({ fact: 'CLIENT', op: 'IN', amount: null, ids: [1, 2], names: ['PT Maju', 'PT Sinar'] })).toBe(
      'client in PT Maju or PT Sinar',
    );
    expect(
      conditionText({ fact: 'SERVICE_CATEGORY', op: 'NOT_IN', amount: null, ids: [1, 2, 3, 4, 5], names: ['A', 'B', 'C', 'D', 'E'] }),
    ).toBe('service category not in A, B, C or 2 more');
  });
});

describe('conditions in the designer', () => {
  it('offers a target stage to a stage change only, a target status to a hold, drop or close only', () => {
    expect(factsFor('CHANGE_LEAD_STAGE')).toContain('TARGET_STAGE');
    expect(factsFor('CHANGE_LEAD_STAGE')).not.toContain('TARGET_STATUS');
    expect(factsFor('DROP_LEAD')).toContain('TARGET_STATUS');
    expect(factsFor('PCS')).not.toContain('TARGET_STAGE');
    expect(factsFor('PCS')).not.toContain('TARGET_STATUS');
  });

  it('starts a row again when its fact changes, and asks for what a row lacks in the server’s words', () => {
    const gp = { ...newCondition(), amount: 5e8 };
    const client = withFact(gp, 'CLIENT');
    expect(client).toMatchObject({ fact: 'CLIENT', op: 'IN', amount: null, ids: [] });
    expect(conditionErrors('Layer 2 (Board)', [{ ...gp, amount: null }, client])).toEqual([
      'Layer 2 (Board): a GP condition compares with an amount (>=, >, <, <=).',
      'Layer 2 (Board): a client condition names at least one choice.',
    ]);
  });

  it('keeps a saved pipeline’s conditions from load to save', () => {
    const saved = conditionalPipeline();
    const draft = draftFromPipeline(saved);
    expect(draft.layers[1].conditions?.map(conditionText)).toEqual(['GP >= 1 B', 'client not in PT Sinar']);
    expect(validatePipeline(draft)).toEqual([]);
    expect(toPipelineIn(draft).layers?.map((l) => l.conditions)).toEqual([
      [],
      [
        { fact: 'GP', op: '>=', amount: 1e9 },
        { fact: 'CLIENT', op: 'NOT_IN', ids: [13] },
      ],
    ]);
  });
});
