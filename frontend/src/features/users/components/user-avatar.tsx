import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import type { SessionUser } from '@/lib/api/types';
import { useProfilePictureUrl } from '../api/users-api';

function initials(name: string | undefined): string {
  if (!name) return '';
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? parts[parts.length - 1][0] : ''}`.toUpperCase();
}

/** The user's profile picture (fetched with the bearer token), or their initials. */
export function UserAvatar({
  user,
  size = 36,
}: {
  user: Pick<SessionUser, 'fullname' | 'profilePicture'> | undefined;
  size?: number;
}) {
  const url = useProfilePictureUrl(user?.profilePicture);
  const text = initials(user?.fullname);
  return (
    <Avatar
      size={size}
      src={url ?? undefined}
      icon={!url && !text ? <UserOutlined /> : undefined}
      alt={user?.fullname ?? 'User'}
      className="user-avatar"
      style={url ? undefined : { background: 'var(--ant-color-primary)', fontWeight: 600 }}
    >
      {!url ? text : null}
    </Avatar>
  );
}
