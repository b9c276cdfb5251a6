import { badgeColor, daysText } from './badge';

describe('badgeColor', () => {
  it.each([
    [0, 'green'],
    [29, 'green'],
    [30, 'yellow'],
    [89, 'yellow'],
    [90, 'red'],
    [365, 'red'],
  ])('%i days -> %s', (days, color) => {
    expect(badgeColor(days)).toBe(color);
  });

  it('writes the days', () => {
    expect(daysText(1)).toBe('1 day');
    expect(daysText(79)).toBe('79 days');
  });
});
