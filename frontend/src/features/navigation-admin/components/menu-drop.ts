import type { MenuItem } from '../api/navigation-admin-api';

/** Every item of the tree by id. */
export function flatten(items: MenuItem[], into = new Map<number, MenuItem>()): Map<number, MenuItem> {
  for (const item of items) {
    into.set(item.id, item);
    flatten(item.submenu, into);
  }
  return into;
}

/**
 * Where a dragged item goes when dropped on target: onto it (into: first of its items), or into the gap above or
 * below it (beside it, under the same parent). Answers null when nothing would change place.
 */
export function dropPlace(
  items: MenuItem[],
  dragId: number,
  targetId: number,
  gap: 'into' | 'above' | 'below',
): { parentId: number | null; index: number } | null {
  const byId = flatten(items);
  const target = byId.get(targetId);
  const dragged = byId.get(dragId);
  if (!target || !dragged || targetId === dragId) return null;
  if (gap === 'into') return { parentId: target.id, index: 0 };
  const parentId = target.parentId ?? null;
  const siblings = (parentId === null ? items : (byId.get(parentId)?.submenu ?? [])).filter((m) => m.id !== dragId);
  const index = siblings.findIndex((m) => m.id === target.id) + (gap === 'below' ? 1 : 0);
  const before = (parentId === null ? items : (byId.get(parentId)?.submenu ?? [])).findIndex((m) => m.id === dragId);
  if ((dragged.parentId ?? null) === parentId && before === index) return null;
  return { parentId, index };
}
