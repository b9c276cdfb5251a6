import { describe, expect, it } from 'vitest';
import {
  ALL_FLAGS,
  changedCells,
  columnState,
  NO_FLAGS,
  pagesPayload,
  rowState,
  withColumn,
  withFlag,
  withRow,
} from './matrix';

describe('the matrix rules', () => {
  it('ticks read with write, edit or delete, and clears everything with read', () => {
    expect(withFlag(NO_FLAGS, 'isWrite', true)).toEqual({ ...NO_FLAGS, isRead: true, isWrite: true });
    expect(withFlag(NO_FLAGS, 'isDelete', true)).toEqual({ ...NO_FLAGS, isRead: true, isDelete: true });
    expect(withFlag(ALL_FLAGS, 'isEdit', false)).toEqual({ ...ALL_FLAGS, isEdit: false });
    expect(withFlag(ALL_FLAGS, 'isRead', false)).toEqual(NO_FLAGS);
    expect(withFlag(NO_FLAGS, 'isRead', true)).toEqual({ ...NO_FLAGS, isRead: true });
  });

  it('sets a column on the given pages only, and a row all at once', () => {
    const matrix = { a: NO_FLAGS, b: { ...NO_FLAGS, isRead: true }, c: NO_FLAGS };
    const next = withColumn(matrix, ['a', 'b'], 'isEdit', true);
    expect(next.a).toEqual({ ...NO_FLAGS, isRead: true, isEdit: true });
    expect(next.c).toEqual(NO_FLAGS);
    expect(columnState(next, ['a', 'b', 'c'], 'isEdit')).toBe('some');
    expect(columnState(next, ['a', 'b'], 'isEdit')).toBe('all');
    expect(columnState(next, ['c'], 'isEdit')).toBe('none');
    expect(withRow(next, 'c', true).c).toEqual(ALL_FLAGS);
    expect(rowState(next.a)).toBe('some');
    expect(rowState(ALL_FLAGS)).toBe('all');
  });

  it('counts changed cells and sends every page', () => {
    const saved = { a: NO_FLAGS, b: ALL_FLAGS };
    expect(changedCells(saved, { a: { ...NO_FLAGS, isRead: true, isWrite: true }, b: ALL_FLAGS })).toBe(2);
    expect(pagesPayload(['a', 'b'], saved)).toEqual([
      { code: 'a', ...NO_FLAGS },
      { code: 'b', ...ALL_FLAGS },
    ]);
  });
});
