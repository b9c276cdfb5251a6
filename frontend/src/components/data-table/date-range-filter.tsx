import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT_SHORT } from '@/lib/format';

const API_DATE = 'YYYY-MM-DD';

export interface DateRangeFilterProps {
  /** What it filters, lower case: "created date" names it "Filter by created date". */
  name: string;
  /** Its placeholders, e.g. ['Created from', 'Created to']. */
  placeholder: [string, string];
  /** YYYY-MM-DD, '' for an open end. */
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  /** Whether one end may stay open (the default); without, a range with one end only is no filter. */
  openEnds?: boolean;
}

/** A toolbar's clearable date range (local days, both ends included), kept as YYYY-MM-DD strings. */
export function DateRangeFilter({ name, placeholder, from, to, onChange, openEnds = true }: DateRangeFilterProps) {
  return (
    <DatePicker.RangePicker
      aria-label={`Filter by ${name}`}
      className="date-range-filter"
      format={DATE_FORMAT_SHORT}
      placeholder={placeholder}
      allowEmpty={[openEnds, openEnds]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(dates) => {
        const [start, end] = dates ?? [];
        onChange(start ? start.format(API_DATE) : '', end ? end.format(API_DATE) : '');
      }}
    />
  );
}
