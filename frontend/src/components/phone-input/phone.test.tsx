import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { isValidPhone, maskPhone, normalizePhone } from './phone';
import { PhoneInput } from './phone-input';

describe('normalizePhone', () => {
  it.each([
    ['', ''],
    ['6', '6'],
    ['08123456789', '628123456789'],
    ['0', '62'],
    ['628123456789', '628123456789'],
    ['+62 812-3456-789', '628123456789'],
    ['8123456789', '628123456789'],
    ['12ab34', '621234'],
    ['7', '627'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('maskPhone', () => {
  it('masks all but the last four digits after 62', () => {
    expect(maskPhone('62812345671234')).toBe('62••••••••1234');
    expect(maskPhone('628123456789')).toBe('62••••••6789');
  });
  it('leaves short numbers and empty values alone', () => {
    expect(maskPhone('621234')).toBe('621234');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
  });
});

describe('isValidPhone', () => {
  it.each(['628123456789', '08123456789', '+628123456789', '812345678', '6281234567890123'])('accepts %s', (v) => {
    expect(isValidPhone(v)).toBe(true);
  });
  it.each(['', '62812', '0812345', '62-812-3456', '+1 812345678', '081234567890123456', '62812345678901234'])('rejects %j', (v) => {
    expect(isValidPhone(v)).toBe(false);
  });
});

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <PhoneInput aria-label="Phone" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('PhoneInput', () => {
  it('normalises while typing and masks when it loses focus', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Phone');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '0812-3456-1234' } });
    expect(screen.getByTestId('value')).toHaveTextContent('6281234561234');
    expect(input).toHaveValue('6281234561234');
    fireEvent.blur(input);
    expect(input).toHaveValue('62•••••••1234');
    fireEvent.focus(input);
    expect(input).toHaveValue('6281234561234');
  });
});
