import { Input } from 'antd';
import type { InputProps, InputRef } from 'antd';
import type { ChangeEvent } from 'react';
import { forwardRef } from 'react';

/**
 * antd's Input for react-number-format's `customInput`. antd hands `onChange` an event whose target is a copy of the
 * input (rc-input's cloneEvent); react-number-format writes the regrouped text to that copy, so the real input kept
 * what was typed ("1.2950.000") until React rendered "12.950.000" into it, which put the cursor at the end. Only
 * the library's timer put it back, and a key typed before that timer ran landed at the end. This box hands the real
 * input on.
 */
export const FormattedBox = forwardRef<InputRef, InputProps>(({ onChange, ...props }, ref) => (
  <Input
    ref={ref}
    {...props}
    onChange={(event) => {
      const real = event.nativeEvent.target;
      onChange?.(
        real instanceof HTMLInputElement && real !== event.target
          ? (Object.create(event, { target: { value: real }, currentTarget: { value: real } }) as ChangeEvent<HTMLInputElement>)
          : event,
      );
    }}
  />
));
FormattedBox.displayName = 'FormattedBox';
