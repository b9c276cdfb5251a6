import { SafetyOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { InputProps } from 'antd';

/** The digits of what was typed ("123 456" as an app shows it). */
export const codeDigits = (code: string | undefined) => (code ?? '').replace(/\D/g, '');

/** A 6-digit authenticator code field: a numeric keyboard on phones, the browser's one-time-code autofill. */
export function CodeInput(props: InputProps) {
  return (
    <Input
      prefix={<SafetyOutlined />}
      className="second-factor__code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      placeholder="6-digit code"
      {...props}
    />
  );
}
