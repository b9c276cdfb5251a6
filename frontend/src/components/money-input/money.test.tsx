import { fireEvent, render, screen } from '@testing-library/react';
import { formatMoneyInput, formatMoneyValue, parseMoney } from './money';
import { MoneyInput } from './money-input';

describe('formatMoneyInput', () => {
  it.each([
    ['1250000', '1.250.000'],
    ['1250000,5', '1.250.000,5'],
    ['1.250.000,75', '1.250.000,75'],
    ['12,345', '12,34'], // at most two decimals
    ['0001200', '1.200'], // no leading zeroes
    ['0', '0'],
    [',5', '0,5'],
    ['-5000', '5.000'], // no negatives
    ['abc12x3', '123'],
    ['1,2,3', '1,23'], // a single decimal comma
    ['12345678901234567', '1.234.567.890.123'], // 13 integer digits
    ['', ''],
  ])('%s -> %s', (raw, masked) => {
    expect(formatMoneyInput(raw)).toBe(masked);
  });
});

describe('parseMoney', () => {
  it('reads the masked text as a number', () => {
    expect(parseMoney('1.250.000')).toBe(1250000);
    expect(parseMoney('1.250.000,5')).toBe(1250000.5);
    expect(parseMoney('0,75')).toBe(0.75);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney(null)).toBeNull();
  });

  it('round-trips through formatMoneyValue', () => {
    expect(formatMoneyValue(1250000.5)).toBe('1.250.000,5');
    expect(formatMoneyValue(99.1)).toBe('99,1');
    expect(formatMoneyValue(null)).toBe('');
    expect(parseMoney(formatMoneyValue(9876543210123.45))).toBe(9876543210123.45);
  });
});

describe('MoneyInput', () => {
  it('masks as the user types and reports a number', () => {
    const onChange = vi.fn();
    render(<MoneyInput aria-label="Amount" onChange={onChange} />);
    const input = screen.getByLabelText('Amount');
    fireEvent.change(input, { target: { value: '0012500000,258' } });
    expect(input).toHaveValue('12.500.000,25');
    expect(onChange).toHaveBeenLastCalledWith(12500000.25);
  });

  it('shows a value given from outside', () => {
    render(<MoneyInput aria-label="Amount" value={1500000} />);
    expect(screen.getByLabelText('Amount')).toHaveValue('1.500.000');
  });
});
