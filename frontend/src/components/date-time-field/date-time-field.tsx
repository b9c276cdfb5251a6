import { DatePicker, TimePicker } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import './date-time-field.css';

export interface DateTimeFieldProps {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | undefined) => void;
  /** The date input's id (a Form.Item's label points at it). */
  id?: string;
  /** Days before today cannot be chosen. */
  futureOnly?: boolean;
  /** The time a newly chosen day starts with. */
  defaultHour?: number;
}

/**
 * A date and a time as two pickers side by side: each panel fits a 390 px phone (antd's date-and-time panel is
 * 500 px wide). Choosing a day keeps the time already chosen, or starts at `defaultHour`:00.
 */
export function DateTimeField({ value, onChange, id, futureOnly = false, defaultHour = 9 }: DateTimeFieldProps) {
  const current = value ?? null;
  return (
    <div className="date-time-field">
      <DatePicker
        id={id}
        value={current}
        format="D-MMM-YYYY"
        placeholder="Date"
        inputReadOnly
        className="date-time-field__date"
        disabledDate={futureOnly ? (d) => d.isBefore(dayjs().startOf('day')) : undefined}
        onChange={(d) => {
          if (!d) return onChange?.(undefined);
          const time = current ?? d.hour(defaultHour).minute(0);
          onChange?.(d.hour(time.hour()).minute(time.minute()).second(0).millisecond(0));
        }}
      />
      <TimePicker
        value={current}
        format="HH:mm"
        minuteStep={5}
        placeholder="Time"
        inputReadOnly
        needConfirm={false}
        showNow={false}
        disabled={!current}
        aria-label="Time"
        className="date-time-field__time"
        onChange={(t) => {
          if (t && current) onChange?.(current.hour(t.hour()).minute(t.minute()).second(0).millisecond(0));
        }}
      />
    </div>
  );
}

/** The form rule of a DateTimeField whose time must still be to come (its `message` when it is not). */
export function futureRule(message: string): Rule {
  return {
    validator: (_, value: Dayjs | undefined) =>
      !value || value.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}
