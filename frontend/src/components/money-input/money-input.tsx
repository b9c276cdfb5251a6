import type { InputProps, InputRef } from 'antd';
import { forwardRef, useEffect, useState } from 'react';
import { FormattedBox } from '@/components/formatted-box';
import { NumericFormat } from 'react-number-format';
import type { NumberFormatValues } from 'react-number-format';
import { MONEY_DECIMAL_LIMIT, MONEY_INTEGER_LIMIT } from './money';

export interface MoneyInputProps
  extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type' | 'size' | 'prefix' | 'suffix'> {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Shows "Rp" before the amount (default true). */
  currency?: boolean;
  size?: InputProps['size'];
}

/** At most 13 integer digits (spec 1 §5, §9; the API's bound is below 10^13, api/core/inputs.py). */
export const moneyAllowed = ({ value }: NumberFormatValues) =>
  (value.split('.')[0] ?? '').replace('-', '').length <= MONEY_INTEGER_LIMIT;

// react-number-format has a `prefix` of its own (text inside the value), so the "Rp" addon is the Input's
const RupiahInput = forwardRef<InputRef, InputProps>((props, ref) => <FormattedBox ref={ref} prefix="Rp" {...props} />);
RupiahInput.displayName = 'RupiahInput';

const asText = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '' : String(Math.abs(value));

/**
 * An amount in rupiah typed in the id-ID style ("1.250.000,75"): react-number-format keeps the cursor where the
 * user types while the thousands regroup; no negatives, at most 2 decimals and 13 integer digits, no leading
 * zeroes. The value it reports is a number (null when empty).
 */
export function MoneyInput({ value, onChange, currency = true, ...rest }: MoneyInputProps) {
  // the digits as typed ("1250000.5"): a parent that does not hand the value back still sees what was typed
  const [text, setText] = useState(() => asText(value));
  useEffect(() => {
    const typed = text === '' ? null : Number(text);
    if ((value ?? null) !== typed) setText(asText(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  return (
    <NumericFormat
      customInput={currency ? RupiahInput : FormattedBox}
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={text}
      valueIsNumericString
      thousandSeparator="."
      decimalSeparator=","
      allowedDecimalSeparators={[',']}
      decimalScale={MONEY_DECIMAL_LIMIT}
      allowNegative={false}
      allowLeadingZeros={false}
      isAllowed={moneyAllowed}
      onValueChange={(values, source) => {
        if (source.source !== 'event') return;
        setText(values.value);
        onChange?.(values.floatValue ?? null);
      }}
    />
  );
}
