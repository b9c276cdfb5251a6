import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serverListQuery, useServerTable } from './use-server-table';

const inRouter = { wrapper: ({ children }: { children: ReactNode }) => createElement(MemoryRouter, null, children) };

describe('useServerTable', () => {
  it('starts on the first page with the given size and no search', () => {
    const { result } = renderHook(() => useServerTable({ pageSize: 10 }), inRouter);
    expect(result.current.params).toEqual({ offset: 0, limit: 10, sort: undefined, desc: undefined, search: '' });
    expect(result.current.server(undefined).total).toBe(0);
  });

  it('pages and sorts through the table, and a new search goes back to the first page', () => {
    const { result } = renderHook(() => useServerTable({ pageSize: 10, lowerCase: true }), inRouter);
    act(() => result.current.server(42).onChange({ offset: 20, limit: 10, sort: 'code', desc: true }));
    expect(result.current.params).toMatchObject({ offset: 20, sort: 'code', desc: true });
    expect(result.current.sortOrder('code')).toBe('descend');
    expect(result.current.sortOrder('name')).toBeNull();
    act(() => result.current.onSearch('Managed FEE'));
    expect(result.current.params).toMatchObject({ offset: 0, search: 'managed fee', sort: 'code', desc: true });
  });

  it('keeps the case of the term unless asked', () => {
    const { result } = renderHook(() => useServerTable({ pageSize: 5 }), inRouter);
    act(() => result.current.onSearch('PT Telkom'));
    expect(result.current.params.search).toBe('PT Telkom');
  });

  it('keeps its filters, and a new filter goes back to the first page', () => {
    const { result } = renderHook(() => useServerTable({ pageSize: 10, filters: { role: '', status: '' } }), inRouter);
    expect(result.current.filters).toEqual({ role: '', status: '' });
    act(() => result.current.server(42).onChange({ offset: 20, limit: 10 }));
    act(() => result.current.setFilter('role', '3'));
    expect(result.current.filters).toEqual({ role: '3', status: '' });
    expect(result.current.params.offset).toBe(0);
    act(() => result.current.setFilter('role', undefined));
    expect(result.current.filters.role).toBe('');
  });

  it('sends search and sort only when they are set', () => {
    expect(serverListQuery({ offset: 10, limit: 10, search: '' })).toEqual({ offset: 10, limit: 10 });
    expect(serverListQuery({ offset: 0, limit: 5, search: 'pt', sort: 'name' })).toEqual({
      offset: 0,
      limit: 5,
      search: 'pt',
      sort: 'name',
      desc: false,
    });
  });
});
