import { Input } from 'antd';
import type { InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { formatMoneyInput, formatMoneyValue, parseMoney } from './money';

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Shows "Rp" before the amount (default true). */
  currency?: boolean;
}

/** An amount in rupiah typed in the id-ID style; the value it reports is a number. */
export function MoneyInput({ value, onChange, currency = true, ...rest }: MoneyInputProps) {
  const [text, setText] = useState(() => formatMoneyValue(value));

  // Follow the value from outside unless it is what the current text already says.
  useEffect(() => {
    if ((value ?? null) !== parseMoney(text)) setText(formatMoneyValue(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      prefix={currency ? 'Rp' : undefined}
      {...rest}
      value={text}
      onChange={(event) => {
        const masked = formatMoneyInput(event.target.value);
        setText(masked);
        onChange?.(parseMoney(masked));
      }}
    />
  );
}
