import { Input } from 'antd';
import type { InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { parsePercent, sanitizePercentInput } from './percent';

export interface PercentInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> {
  value?: number | null;
  onChange?: (value: number | null) => void;
  min?: number;
  max?: number;
}

/** A percentage between min and max (0–100 by default); a comma is read as a decimal point. */
export function PercentInput({ value, onChange, min = 0, max = 100, ...rest }: PercentInputProps) {
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : String(value)));

  useEffect(() => {
    if ((value ?? null) !== parsePercent(text, { min, max })) {
      setText(value === null || value === undefined ? '' : String(value));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      suffix="%"
      {...rest}
      value={text}
      onChange={(event) => {
        const clean = sanitizePercentInput(event.target.value, { min, max });
        setText(clean);
        onChange?.(parsePercent(clean, { min, max }));
      }}
    />
  );
}
