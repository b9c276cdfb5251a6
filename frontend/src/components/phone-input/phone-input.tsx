import { Input } from 'antd';
import type { InputProps } from 'antd';
import { useState } from 'react';
import { maskPhone, normalizePhone } from './phone';

export interface PhoneInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  value?: string | null;
  onChange?: (value: string) => void;
}

/**
 * A phone number: digits only, starting with the country code 62 (a leading 0 becomes 62).
 * When not focused, all digits but the last four are masked.
 */
export function PhoneInput({ value, onChange, onFocus, onBlur, ...rest }: PhoneInputProps) {
  const [focused, setFocused] = useState(false);
  const digits = value ?? '';

  return (
    <Input
      inputMode="tel"
      autoComplete="off"
      {...rest}
      value={focused ? digits : maskPhone(digits)}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      onChange={(event) => onChange?.(normalizePhone(event.target.value))}
    />
  );
}
