/** The four things a role may do on a page, in the order the matrix shows them. */
export const ACTIONS = ['isRead', 'isWrite', 'isEdit', 'isDelete'] as const;
export type Action = (typeof ACTIONS)[number];
export type Flags = Record<Action, boolean>;
/** A role's matrix: each page code's four flags. */
export type Matrix = Record<string, Flags>;

export const ACTION_LABELS: Record<Action, string> = {
  isRead: 'Read',
  isWrite: 'Write',
  isEdit: 'Edit',
  isDelete: 'Delete',
};

export const NO_FLAGS: Flags = { isRead: false, isWrite: false, isEdit: false, isDelete: false };
export const ALL_FLAGS: Flags = { isRead: true, isWrite: true, isEdit: true, isDelete: true };

/** The matrix of the server's pages (each with its four flags). */
export function matrixOf(pages: ({ code: string } & Flags)[]): Matrix {
  return Object.fromEntries(
    pages.map((p) => [p.code, { isRead: p.isRead, isWrite: p.isWrite, isEdit: p.isEdit, isDelete: p.isDelete }]),
  );
}

/**
 * One flag set or cleared, with what it implies: writing, editing or deleting a page needs reading it, so ticking
 * one of them ticks Read, and clearing Read clears the other three.
 */
export function withFlag(flags: Flags, action: Action, on: boolean): Flags {
  if (action === 'isRead') return on ? { ...flags, isRead: true } : NO_FLAGS;
  return on ? { ...flags, [action]: true, isRead: true } : { ...flags, [action]: false };
}

/** Sets one flag on every page of `codes` (a column's header checkbox), with the same rule as a single cell. */
export function withColumn(matrix: Matrix, codes: string[], action: Action, on: boolean): Matrix {
  const next = { ...matrix };
  for (const code of codes) next[code] = withFlag(next[code] ?? NO_FLAGS, action, on);
  return next;
}

/** All four flags of a page, or none (a row's "all" toggle). */
export function withRow(matrix: Matrix, code: string, on: boolean): Matrix {
  return { ...matrix, [code]: on ? ALL_FLAGS : NO_FLAGS };
}

type CheckState = 'all' | 'some' | 'none';

/** Whether a flag is set on all, some or none of the pages of `codes` (a header checkbox's state). */
export function columnState(matrix: Matrix, codes: string[], action: Action): CheckState {
  const set = codes.filter((code) => matrix[code]?.[action]).length;
  return set === 0 ? 'none' : set === codes.length ? 'all' : 'some';
}

export function rowState(flags: Flags): CheckState {
  const set = ACTIONS.filter((a) => flags[a]).length;
  return set === 0 ? 'none' : set === ACTIONS.length ? 'all' : 'some';
}

/** How many cells differ between the saved matrix and the edited one. */
export function changedCells(saved: Matrix, edited: Matrix): number {
  let count = 0;
  for (const code of Object.keys(edited)) {
    for (const action of ACTIONS) if ((saved[code]?.[action] ?? false) !== edited[code][action]) count += 1;
  }
  return count;
}

/** The whole matrix as POST /page-access takes it: every page with its four flags. */
export function pagesPayload(codes: string[], matrix: Matrix) {
  return codes.map((code) => ({ code, ...(matrix[code] ?? NO_FLAGS) }));
}
