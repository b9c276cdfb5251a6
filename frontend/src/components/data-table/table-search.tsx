import { Input } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useState } from 'react';

export interface TableSearchProps {
  /** Placeholder and accessible name, e.g. "Search client". */
  label: string;
  /** Called with the trimmed term on Enter or the search button, and with '' when the box is cleared. */
  onSearch: (term: string) => void;
  /** The term searched now (a list keeps it in the URL): the box shows it, and follows it on Back. */
  value?: string;
  style?: CSSProperties;
}

/** The search box of a server-paged table: searches on Enter, and clears the search when emptied. */
export function TableSearch({ label, onSearch, value = '', style = { maxWidth: 280 } }: TableSearchProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      allowClear
      placeholder={label}
      aria-label={label}
      style={style}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '') onSearch('');
      }}
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}
