import dayjs from 'dayjs';
import { chosenCount, defaultDashboardFilters, toFiltersParam } from './filters';

describe('toFiltersParam', () => {
  it('sends this year by default with empty lists, as spec 2 §7 names them', () => {
    const value = defaultDashboardFilters(dayjs('2026-11-26T09:00:00'));
    expect(JSON.parse(toFiltersParam(value))).toEqual({
      date: { dateRange: { start: '2026-01-01', end: '2026-12-31' }, value: 'THIS_YEAR', label: 'This Year' },
      projectIds: [],
      entityIds: [],
      categoryIds: [],
      salesPersonIds: [],
    });
  });

  it('leaves the range out while Other has none, so the server keeps its default', () => {
    const value = { ...defaultDashboardFilters(), date: { option: 'OTHER' as const, range: null } };
    expect(JSON.parse(toFiltersParam(value)).date).toEqual({ value: 'OTHER', label: 'Other' });
  });

  it('counts the chosen lists beyond the date', () => {
    const value = { ...defaultDashboardFilters(), projectIds: [1, 2], salesPersonIds: [7] };
    expect(chosenCount(value)).toBe(2);
    expect(JSON.parse(toFiltersParam(value))).toMatchObject({ projectIds: [1, 2], salesPersonIds: [7] });
  });
});
