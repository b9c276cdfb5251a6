import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { YEAR_MAX, YEAR_MIN } from '../api/targets-api';

interface YearPickerProps {
  value: number;
  onChange: (year: number) => void;
}

/** The year a target is for (the server's range only); never empty. */
export function YearPicker({ value, onChange }: YearPickerProps) {
  return (
    <DatePicker
      picker="year"
      aria-label="Year"
      className="year-picker"
      allowClear={false}
      value={dayjs().year(value).startOf('year')}
      disabledDate={(d) => d.year() < YEAR_MIN || d.year() > YEAR_MAX}
      onChange={(d) => d && onChange(d.year())}
    />
  );
}
