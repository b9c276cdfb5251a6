import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMoneyInput, formatMoneyValue, parseMoney } from './money';
import { MoneyInput, type MoneyInputProps } from './money-input';

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
  const setup = (props: Partial<MoneyInputProps> = {}) => {
    const onChange = vi.fn();
    render(<MoneyInput aria-label="Amount" onChange={onChange} {...props} />);
    return { onChange, input: screen.getByLabelText('Amount') as HTMLInputElement, user: userEvent.setup() };
  };

  it('groups thousands with "." and decimals with "," as the user types, and reports a number', async () => {
    const { onChange, input, user } = setup();
    await user.type(input, '12500000,258');
    expect(input).toHaveValue('12.500.000,25');
    expect(onChange).toHaveBeenLastCalledWith(12500000.25);
  });

  it('keeps the cursor where the user types in the middle of a number while the groups move', async () => {
    const { onChange, input, user } = setup({ value: 1250000 });
    expect(input).toHaveValue('1.250.000');
    // the cursor after "1.2", then "9": the groups regroup around it, the cursor stays after the 9
    await user.click(input);
    input.setSelectionRange(3, 3);
    await user.keyboard('9');
    expect(input).toHaveValue('12.950.000');
    expect(onChange).toHaveBeenLastCalledWith(12950000);
    expect(input.selectionStart).toBe(4);
    // a second digit goes after the first, not to the end
    await user.keyboard('8');
    expect(input).toHaveValue('129.850.000');
    expect(input.selectionStart).toBe(5);
    // deleting backwards removes the digit before the cursor and keeps it there
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('12.950.000');
    expect(input.selectionStart).toBe(4);
  });

  it('has the cursor in place as soon as a digit is typed, not only once a timer puts it back', () => {
    // what the browser does for "9" typed after "1.2", without the library's own timer (setTimeout 0) running
    // afterwards: a fast typist's next key can come before it
    render(<MoneyInput aria-label="Amount" value={1250000} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    input.focus();
    input.setSelectionRange(3, 3);
    fireEvent.keyDown(input, { key: '9' });
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '1.2950.000');
    input.setSelectionRange(4, 4);
    fireEvent.input(input);
    expect(input).toHaveValue('12.950.000');
    expect(input.selectionStart).toBe(4);
  });

  it('takes at most 13 integer digits and 2 decimals, no minus, no leading zeroes', async () => {
    const { onChange, input, user } = setup();
    await user.type(input, '99999999999999');
    expect(input).toHaveValue('9.999.999.999.999');
    await user.type(input, ',999');
    expect(input).toHaveValue('9.999.999.999.999,99');
    expect(onChange).toHaveBeenLastCalledWith(9999999999999.99);
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(input, '-5');
    expect(input).toHaveValue('5');
    await user.clear(input);
    await user.type(input, '007');
    await user.tab();
    expect(input).toHaveValue('7');
    expect(onChange).toHaveBeenLastCalledWith(7);
  });

  it('shows a value given from outside, and follows it', () => {
    const { rerender } = render(<MoneyInput aria-label="Amount" value={1500000} />);
    expect(screen.getByLabelText('Amount')).toHaveValue('1.500.000');
    rerender(<MoneyInput aria-label="Amount" value={2500.5} />);
    expect(screen.getByLabelText('Amount')).toHaveValue('2.500,5');
    rerender(<MoneyInput aria-label="Amount" value={null} />);
    expect(screen.getByLabelText('Amount')).toHaveValue('');
  });

  it('shows Rp before the amount unless told not to', () => {
    render(<MoneyInput aria-label="With" value={1} />);
    render(<MoneyInput aria-label="Without" value={1} currency={false} />);
    expect(screen.getByLabelText('With').closest('.ant-input-affix-wrapper')).toHaveTextContent('Rp');
    expect(screen.getByLabelText('Without').closest('.ant-input-affix-wrapper')).toBeNull();
  });
});
