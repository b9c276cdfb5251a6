import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Input, Modal, Spin, Typography, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SEARCH_MIN, searchQueryOptions, type SearchAnswer } from '../api/search-api';
import './search-box.css';

const DEBOUNCE_MS = 200;
export const SEARCH_PLACEHOLDER = 'Find clients, leads, contacts…';
/** The field's and the phone's button's name (the pages' own search boxes are 'Search ...'). */
export const FIND_LABEL = 'Find in the CRM';

/** '/' (when not typing somewhere) or Ctrl+K / ⌘K. */
function isShortcut(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  const target = event.target as HTMLElement | null;
  const typing = target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  return event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
}

interface Option {
  value?: string;
  disabled?: boolean;
  label: React.ReactNode;
  options?: Option[];
}

/** The answer as AutoComplete's grouped options: a group per kind, a hit's title and what it is. */
function optionsOf(answer: SearchAnswer | undefined, term: string, loading: boolean): Option[] {
  if (term.trim().length < SEARCH_MIN) return [];
  if (!answer) return loading ? [{ value: '', disabled: true, label: <Spin size="small" /> }] : [];
  if (answer.groups.length === 0) {
    return [{ value: '', disabled: true, label: <span className="search-box__empty">No matches for “{answer.term}”</span> }];
  }
  return answer.groups.map((group) => ({
    label: <span className="search-box__group">{group.label}</span>,
    options: group.hits.map((hit) => ({
      value: hit.link,
      label: (
        <div className="search-box__hit" data-testid="search-hit">
          <span className="search-box__title">{hit.title}</span>
          <Typography.Text type="secondary" className="search-box__subtitle" ellipsis>
            {hit.subtitle}
          </Typography.Text>
        </div>
      ),
    })),
  }));
}

function SearchField({ onDone, inputRef }: {
  onDone?: () => void;
  inputRef?: React.Ref<InputRef>;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text, DEBOUNCE_MS).trim();
  const answer = useQuery({ ...searchQueryOptions(term), placeholderData: keepPreviousData });
  const options = useMemo(
    () => optionsOf(answer.data, text, answer.isFetching),
    [answer.data, text, answer.isFetching],
  );
  return (
    <AutoComplete
      className="search-box"
      popupClassName="search-box__popup"
      options={options}
      value={text}
      onChange={(value) => setText(value)}
      onSelect={(link) => {
        if (!link) return;
        setText('');
        onDone?.();
        navigate(String(link));
      }}
      defaultActiveFirstOption
      popupMatchSelectWidth={360}
    >
      <Input
        ref={inputRef}
        allowClear
        prefix={<SearchOutlined />}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label={FIND_LABEL}
        onKeyDown={(e) => {
          if (e.key === 'Escape') (e.target as HTMLInputElement).blur();
        }}
      />
    </AutoComplete>
  );
}

/**
 * The top bar's one search box over clients, contacts, leads, cost sheets and users (what the server lets the person
 * see): '/' or Ctrl+K focuses it, arrows and Enter choose, the record opens. On a phone an icon opens it full width.
 */
export function SearchBox({ compact }: { compact: boolean }) {
  const inputRef = useRef<InputRef>(null);
  const modalInput = useRef<InputRef>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      if (compact) setOpen(true);
      else inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [compact]);

  if (!compact) {
    return (
      <div className="search-box__wrap">
        <SearchField inputRef={inputRef} />
      </div>
    );
  }
  return (
    <>
      <Button
        type="text"
        shape="circle"
        size="large"
        className="topbar__icon-button"
        aria-label={FIND_LABEL}
        icon={<SearchOutlined style={{ fontSize: 18 }} />}
        onClick={() => setOpen(true)}
      />
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        title={FIND_LABEL}
        destroyOnHidden
        className="search-box__modal"
        style={{ top: 12 }}
        // the dialog takes the focus as it opens: the field takes it once it is open
        afterOpenChange={(visible) => visible && modalInput.current?.focus()}
      >
        <SearchField inputRef={modalInput} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}
