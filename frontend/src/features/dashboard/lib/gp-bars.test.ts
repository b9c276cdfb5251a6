import { GROUPS } from '../test-fixtures';
import { gpBars } from './gp-bars';
import type { GpType } from './types';

const DATA: GpType = {
  ...GROUPS,
  closedLeadGpByProjectType: [
    { projectTypeName: 'Implementation', gpTotal: 900, leadCount: 3 },
    { projectTypeName: 'License', gpTotal: 500, leadCount: 1 },
  ],
  closedLeadAvgGpByProjectType: [
    { projectTypeName: 'License', avg: 500, leadCount: 1 },
    { projectTypeName: 'Implementation', avg: 300, leadCount: 3 },
  ],
};

describe('gpBars', () => {
  it("reads the spec's lists: the totals of closedLeadGpByService, the averages of closedLeadAvgGpByService", () => {
    expect(gpBars(DATA, 'service', 'gpTotal')).toEqual([{ name: 'Cybersecurity', value: 1_250_000_000 }]);
    expect(gpBars(DATA, 'service', 'gpAvg')).toEqual([{ name: 'Cybersecurity', value: 625_000_000 }]);
  });

  it('shows each project type in the order of the measure', () => {
    expect(gpBars(DATA, 'type', 'gpTotal')).toEqual([
      { name: 'Implementation', value: 900 },
      { name: 'License', value: 500 },
    ]);
    expect(gpBars(DATA, 'type', 'gpAvg')).toEqual([
      { name: 'License', value: 500 },
      { name: 'Implementation', value: 300 },
    ]);
  });
});
