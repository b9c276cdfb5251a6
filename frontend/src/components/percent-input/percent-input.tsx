import type { InputProps, InputRef } from 'antd';
import { forwardRef, useEffect, useState } from 'react';
import { FormattedBox } from '@/components/formatted-box';
import { NumericFormat } from 'react-number-format';

export interface PercentInputProps
  extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type' | 'size' | 'prefix' | 'suffix'> {
  value?: number | null;
  onChange?: (value: number | null) => void;
  min?: number;
  max?: number;
  size?: InputProps['size'];
}

// react-number-format has a `suffix` of its own (text inside the value), so the "%" addon is the Input's
const PercentBox = forwardRef<InputRef, InputProps>((props, ref) => <FormattedBox ref={ref} suffix="%" {...props} />);
PercentBox.displayName = 'PercentBox';

const asText = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '' : String(value);

/**
 * A percentage between min and max (0–100 by default, spec 1 §5): digits and one decimal point, a comma typed is
 * read as the point, a number past a bound becomes the bound; the cursor stays where the user types.
 */
export function PercentInput({ value, onChange, min = 0, max = 100, ...rest }: PercentInputProps) {
  const [text, setText] = useState(() => asText(value));
  useEffect(() => {
    const typed = text === '' || text === '.' ? null : Number(text);
    if ((value ?? null) !== typed) setText(asText(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  return (
    <NumericFormat
      customInput={PercentBox}
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={text}
      valueIsNumericString
      decimalSeparator="."
      allowedDecimalSeparators={['.', ',']}
      allowNegative={min < 0}
      allowLeadingZeros={false}
      onValueChange={(values, source) => {
        if (source.source !== 'event') return;
        const n = values.floatValue;
        if (n !== undefined && (n > max || n < min)) {
          const bound = n > max ? max : min;
          setText(String(bound));
          onChange?.(bound);
          return;
        }
        setText(values.value);
        onChange?.(n ?? null);
      }}
    />
  );
}
