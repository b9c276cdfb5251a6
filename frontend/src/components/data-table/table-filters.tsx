import { Flex, Select } from 'antd';
import type { ReactNode } from 'react';

export interface TableFilterProps {
  /** What it filters, lower case: "role" names it "Filter by role". */
  name: string;
  /** Shown when nothing is chosen: "All roles". */
  placeholder: string;
  /** The value chosen now (a list keeps it in the URL), '' or undefined for none. */
  value?: string;
  options?: { value: string; label: string }[];
  /** Called with the chosen value, or undefined when cleared. */
  onChange: (value?: string) => void;
  width?: number;
  loading?: boolean;
}

/** One filter of a server-paged table's toolbar: a clearable select named "Filter by <name>" (apart from the column
 *  header of the same name). */
export function TableFilter({ name, placeholder, value, options, onChange, width = 150, loading }: TableFilterProps) {
  return (
    <Select
      aria-label={`Filter by ${name}`}
      placeholder={placeholder}
      allowClear
      style={{ width }}
      loading={loading}
      value={value || undefined}
      options={options}
      onChange={(chosen?: string) => onChange(chosen)}
    />
  );
}

/** A toolbar's filters and search box, on the right, wrapping on a narrow screen. */
export function TableFilters({ children }: { children: ReactNode }) {
  return (
    <Flex gap={8} wrap justify="flex-end" className="list-filters" style={{ flex: '1 1 auto' }}>
      {children}
    </Flex>
  );
}
