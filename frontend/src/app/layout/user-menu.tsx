import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { UserAvatar } from '@/features/users/components/user-avatar';
import { useSession } from '@/lib/session';

/** Avatar, full name and role, with Profile and Sign Out. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: '/user/profile', icon: <UserOutlined />, label: 'Profile' },
          { type: 'divider' },
          { key: '/signout', icon: <LogoutOutlined />, label: 'Sign Out', danger: true },
        ],
        onClick: ({ key }) => navigate(key),
      }}
    >
      <button type="button" className="user-menu" aria-label="User menu">
        <UserAvatar user={user} size={36} />
        {!compact && (
          <Flex vertical className="user-menu__text">
            {/* plain text styled in styles.css: the shell does without antd's Typography (its editor and copier) */}
            <span className="user-menu__name">{user?.fullname}</span>
            <span className="user-menu__role">{user?.roleDescription}</span>
          </Flex>
        )}
        {!compact && <DownOutlined className="user-menu__caret" />}
      </button>
    </Dropdown>
  );
}
