import { fireEvent, render, screen } from '@testing-library/react';
import { parsePercent, sanitizePercentInput } from './percent';
import { PercentInput } from './percent-input';

describe('sanitizePercentInput', () => {
  it.each([
    ['50', '50'],
    ['12.5', '12.5'],
    ['12,5', '12.5'], // comma becomes a point
    ['1.2.3', '1.23'], // one point only
    ['abc7%', '7'], // digits only
    ['150', '100'], // clamped to the maximum
    ['100.5', '100'],
    ['-20', '20'], // the minus sign is not a digit
    ['007', '7'],
    ['.5', '0.5'],
    ['33.', '33.'], // mid-typing keeps the point
    ['', ''],
  ])('%s -> %s', (raw, clean) => {
    expect(sanitizePercentInput(raw)).toBe(clean);
  });

  it('clamps to custom bounds', () => {
    expect(sanitizePercentInput('3', { min: 5, max: 50 })).toBe('5');
    expect(sanitizePercentInput('75', { min: 5, max: 50 })).toBe('50');
  });
});

describe('parsePercent', () => {
  it('reads numbers', () => {
    expect(parsePercent('12,5')).toBe(12.5);
    expect(parsePercent('33.')).toBe(33);
    expect(parsePercent('')).toBeNull();
    expect(parsePercent('999')).toBe(100);
  });
});

describe('PercentInput', () => {
  it('cleans typing and reports a clamped number', () => {
    const onChange = vi.fn();
    render(<PercentInput aria-label="Margin" onChange={onChange} />);
    const input = screen.getByLabelText('Margin');
    fireEvent.change(input, { target: { value: '250' } });
    expect(input).toHaveValue('100');
    expect(onChange).toHaveBeenLastCalledWith(100);
    fireEvent.change(input, { target: { value: '17,25' } });
    expect(input).toHaveValue('17.25');
    expect(onChange).toHaveBeenLastCalledWith(17.25);
  });
});
