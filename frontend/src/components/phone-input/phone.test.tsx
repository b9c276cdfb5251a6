import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import phoneCases from './phone-cases.json';
import { checkPhone, isValidPhone, maskPhone, normalizePhone } from './phone';
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

describe('the phone rule, the same table as the server (phone-cases.json)', () => {
  it.each(phoneCases.cases)('$input -> valid $valid, $normalised', (row) => {
    expect(checkPhone(row.input)).toEqual({ normalised: row.normalised, valid: row.valid, message: row.message });
    // the form's rule: a typed number is checked, nothing typed is the form's "email or phone" rule
    if (row.normalised !== null) expect(isValidPhone(row.input)).toBe(row.valid);
  });

  it('holds the case the browser and the server disagreed on', () => {
    expect(phoneCases.cases.find((row) => row.input === '621234567')).toMatchObject({ valid: false });
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
