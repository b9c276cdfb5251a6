import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { DateFilter } from './date-filter';
import { dateRangeFor, toApiDate } from './date-range';

const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm:ss');
// Wednesday 13 May 2026
const today = dayjs('2026-05-13T10:30:00');

describe('dateRangeFor', () => {
  it('This Year runs from 1 January to 31 December', () => {
    const range = dateRangeFor('THIS_YEAR', today)!;
    expect(fmt(range.from)).toBe('2026-01-01 00:00:00');
    expect(fmt(range.to)).toBe('2026-12-31 23:59:59');
  });

  it('This Week runs Monday to Sunday', () => {
    const range = dateRangeFor('THIS_WEEK', today)!;
    expect(fmt(range.from)).toBe('2026-05-11 00:00:00');
    expect(fmt(range.to)).toBe('2026-05-17 23:59:59');
  });

  it('This Week on a Sunday still starts on the Monday before', () => {
    const range = dateRangeFor('THIS_WEEK', dayjs('2026-05-17T08:00:00'))!;
    expect(toApiDate(range.from)).toBe('2026-05-11');
    expect(toApiDate(range.to)).toBe('2026-05-17');
  });

  it('This Month covers the calendar month', () => {
    const range = dateRangeFor('THIS_MONTH', today)!;
    expect(fmt(range.from)).toBe('2026-05-01 00:00:00');
    expect(fmt(range.to)).toBe('2026-05-31 23:59:59');
  });

  it('Past 3 Month starts at the month two months ago and ends with this month', () => {
    const range = dateRangeFor('PAST_3_MONTH', today)!;
    expect(fmt(range.from)).toBe('2026-03-01 00:00:00');
    expect(fmt(range.to)).toBe('2026-05-31 23:59:59');
  });

  it('Past 3 Month crosses a year boundary', () => {
    const range = dateRangeFor('PAST_3_MONTH', dayjs('2026-01-20'))!;
    expect(toApiDate(range.from)).toBe('2025-11-01');
    expect(toApiDate(range.to)).toBe('2026-01-31');
  });

  it('Other has no preset range', () => {
    expect(dateRangeFor('OTHER', today)).toBeNull();
  });
});

describe('DateFilter', () => {
  it('lists the five options and shows the range picker for Other', async () => {
    const onChange = vi.fn();
    render(<DateFilter onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Date range' }));
    await screen.findByRole('listbox');
    const labels = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(labels).toEqual(['This Year', 'This Week', 'This Month', 'Past 3 Month', 'Other']);

    const other = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.textContent === 'Other',
    )!;
    fireEvent.click(other);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ option: 'OTHER' }));
    expect(screen.getByPlaceholderText('From')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('To')).toBeInTheDocument();
  });
});
