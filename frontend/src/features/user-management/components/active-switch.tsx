import { Switch } from 'antd';
import { showConfirm } from '@/components/dialogs';

/** What turning a user off asks first. */
export const deactivateQuestion = (name: string) =>
  `Deactivate ${name}? They are signed out at once and cannot sign in; their leads stay.`;

export interface ActiveSwitchProps {
  value?: boolean;
  onChange?: (active: boolean) => void;
  /** The user's name, in the question. */
  name: string;
  disabled?: boolean;
  id?: string;
}

/** The user's Active switch: turning it off asks first (the user is signed out on save). */
export function ActiveSwitch({ value = true, onChange, name, disabled, id }: ActiveSwitchProps) {
  const change = async (active: boolean) => {
    if (active) {
      onChange?.(true);
      return;
    }
    const confirmed = await showConfirm({
      title: 'Deactivate user',
      content: deactivateQuestion(name),
      okText: 'Deactivate',
      danger: true,
    });
    if (confirmed) onChange?.(false);
  };
  return (
    <Switch
      id={id}
      checked={value}
      disabled={disabled}
      checkedChildren="Active"
      unCheckedChildren="Inactive"
      onChange={(active) => void change(active)}
    />
  );
}
