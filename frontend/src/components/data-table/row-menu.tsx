import { DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import type { ColumnType } from 'antd/es/table';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The usual entries of a row menu. */
export const rowAction = {
  view: (onClick: () => void): MenuItem => ({ key: 'view', icon: <EyeOutlined />, label: 'View', onClick }),
  edit: (onClick: () => void): MenuItem => ({ key: 'edit', icon: <EditOutlined />, label: 'Edit', onClick }),
  remove: (onClick: () => void): MenuItem => ({
    key: 'remove',
    icon: <DeleteOutlined />,
    label: 'Remove',
    danger: true,
    onClick,
  }),
};

/**
 * The "..." column of a list: a menu of each row's actions, `Actions for {label}`. Entries given
 * as `false` (not allowed for this user or row) are left out; a row with none shows no button.
 */
export function rowMenuColumn<T>(
  label: (row: T) => string,
  items: (row: T) => (MenuItem | false)[],
  width = 52,
): ColumnType<T> {
  return {
    title: '',
    key: 'actions',
    width,
    align: 'center',
    render: (_: unknown, row: T) => {
      const shown = items(row).filter((item): item is MenuItem => item !== false);
      return shown.length > 0 ? (
        <Dropdown menu={{ items: shown }} trigger={['click']} placement="bottomRight">
          <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${label(row)}`} />
        </Dropdown>
      ) : null;
    },
  };
}
