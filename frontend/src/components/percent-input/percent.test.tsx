import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  it('cleans typing and reports a clamped number', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<PercentInput aria-label="Margin" onChange={onChange} />);
    const input = screen.getByLabelText('Margin') as HTMLInputElement;
    await user.type(input, '250');
    expect(input).toHaveValue('100');
    expect(onChange).toHaveBeenLastCalledWith(100);
    await user.clear(input);
    await user.type(input, '17,25');
    expect(input).toHaveValue('17.25');
    expect(onChange).toHaveBeenLastCalledWith(17.25);
    await user.clear(input);
    await user.type(input, '-3x');
    expect(input).toHaveValue('3');
  });

  it('keeps the cursor where the user types in the middle', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<PercentInput aria-label="Margin" value={2.5} onChange={onChange} />);
    const input = screen.getByLabelText('Margin') as HTMLInputElement;
    await user.click(input);
    input.setSelectionRange(1, 1);
    await user.keyboard('5');
    expect(input).toHaveValue('25.5');
    expect(input.selectionStart).toBe(2);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('2.5');
    input.setSelectionRange(3, 3);
    await user.keyboard('5');
    expect(input).toHaveValue('2.55');
    input.setSelectionRange(0, 0);
    await user.keyboard('4');
    expect(input).toHaveValue('42.55');
    expect(input.selectionStart).toBe(1);
    expect(onChange).toHaveBeenLastCalledWith(42.55);
    // a digit that takes it past 100: the bound
    await user.keyboard('9');
    expect(onChange).toHaveBeenLastCalledWith(100);
    expect(input).toHaveValue('100');
  });

  it('keeps to custom bounds', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<PercentInput aria-label="Share" min={10} max={50} onChange={onChange} />);
    await user.type(screen.getByLabelText('Share'), '75');
    expect(onChange).toHaveBeenLastCalledWith(50);
  });
});
