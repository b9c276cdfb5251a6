import { MENU_TREE } from '../test-fixtures';
import { dropPlace } from './menu-drop';

describe('dropPlace', () => {
  it('puts an item dropped onto another first among its items', () => {
    expect(dropPlace(MENU_TREE, 10, 20, 'into')).toEqual({ parentId: 20, index: 0 });
  });

  it('puts an item dropped into a gap beside the target, counted without itself', () => {
    expect(dropPlace(MENU_TREE, 10, 22, 'below')).toEqual({ parentId: 20, index: 2 });
    expect(dropPlace(MENU_TREE, 10, 21, 'above')).toEqual({ parentId: 20, index: 0 });
    expect(dropPlace(MENU_TREE, 22, 21, 'above')).toEqual({ parentId: 20, index: 0 });
    expect(dropPlace(MENU_TREE, 21, 10, 'above')).toEqual({ parentId: null, index: 0 });
  });

  it('answers null when nothing moves', () => {
    expect(dropPlace(MENU_TREE, 21, 22, 'above')).toBeNull();
    expect(dropPlace(MENU_TREE, 21, 21, 'into')).toBeNull();
    expect(dropPlace(MENU_TREE, 10, 20, 'above')).toBeNull();
  });
});
