import { Input } from 'antd';

/** The longest reason the form takes. */
export const REASON_MAX = 1000;

/** Why leads move, as the reassign form and the change-owner dialog ask it: both people and their leaders read it. */
export function ReasonInput({ value, onChange }: { value: string; onChange: (reason: string) => void }) {
  return (
    <Input.TextArea
      aria-label="Reason"
      rows={3}
      maxLength={REASON_MAX}
      showCount
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder="Why the leads move (both people and their team leaders read it)"
    />
  );
}
