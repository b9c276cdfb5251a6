import { DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DATE_FORMAT_SHORT } from '@/lib/format';
import {
  DATE_FILTER_OPTIONS,
  dateRangeFor,
  type DateFilterOption,
  type DateRange,
} from './date-range';

export interface DateFilterValue {
  option: DateFilterOption;
  /** Null only while "Other" has no range picked yet. */
  range: DateRange | null;
}

export interface DateFilterProps {
  value?: DateFilterValue;
  defaultOption?: DateFilterOption;
  onChange?: (value: DateFilterValue) => void;
  size?: 'small' | 'middle' | 'large';
}

/** Date pickers offer 10 years either side of the current year (spec §5). */
const MIN_DATE = dayjs().subtract(10, 'year').startOf('year');
const MAX_DATE = dayjs().add(10, 'year').endOf('year');

/** Picks a date range: This Year, This Week, This Month, Past 3 Month or Other (from/to). */
export function DateFilter({ value, defaultOption = 'THIS_YEAR', onChange, size }: DateFilterProps) {
  const [inner, setInner] = useState<DateFilterValue>(() => ({
    option: defaultOption,
    range: dateRangeFor(defaultOption),
  }));
  const current = value ?? inner;

  const update = (next: DateFilterValue) => {
    if (!value) setInner(next);
    onChange?.(next);
  };

  return (
    <Flex gap={8} wrap align="center" className="date-filter">
      <Select<DateFilterOption>
        aria-label="Date range"
        size={size}
        value={current.option}
        style={{ minWidth: 150 }}
        options={DATE_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(option) =>
          update({ option, range: option === 'OTHER' ? current.range : dateRangeFor(option) })
        }
      />
      {current.option === 'OTHER' && (
        <DatePicker.RangePicker
          size={size}
          format={DATE_FORMAT_SHORT}
          allowClear={false}
          minDate={MIN_DATE}
          maxDate={MAX_DATE}
          placeholder={['From', 'To']}
          value={current.range ? [current.range.from, current.range.to] : null}
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            update({
              option: 'OTHER',
              range: from && to ? { from: from.startOf('day'), to: to.endOf('day') } : null,
            });
          }}
        />
      )}
    </Flex>
  );
}
