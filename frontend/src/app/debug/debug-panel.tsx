import { Button, Descriptions, Drawer, Empty, Flex, Grid, Tag, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { clearApiFailures, useApiFailures, type ApiFailure } from '@/lib/api/failures';
import { getToken, subscribeTokens } from '@/lib/api/tokens';
import { formatDateTime } from '@/lib/format';
import { useRealtimeState, type RealtimeStatus } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import './debug-viewer.css';

type FactItems = NonNullable<DescriptionsProps['items']>;

/** One titled section of the viewer: its facts in a bordered column. */
function Facts({ label, title, items }: { label: string; title: string; items: FactItems }) {
  return (
    <section aria-label={label}>
      <Typography.Title level={5} className="debug-viewer__title">
        {title}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered items={items} />
    </section>
  );
}

/** When an access token (a JWT) expires, from its `exp` claim (ms since the epoch); null when it has none. */
export function tokenExpiry(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** "in 12 min", "in 40 s", "expired 3 min ago". */
function relative(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000);
  const span = Math.abs(seconds) < 90 ? `${Math.abs(seconds)} s` : `${Math.round(Math.abs(seconds) / 60)} min`;
  return seconds >= 0 ? `in ${span}` : `expired ${span} ago`;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const STATUS_COLOR: Record<RealtimeStatus, string> = {
  off: 'default',
  connecting: 'processing',
  open: 'success',
  closed: 'error',
};

function FailureRow({ failure }: { failure: ApiFailure }) {
  return (
    <li className="debug-failure">
      <Flex gap={8} align="baseline" wrap>
        <Tag color={failure.status === null || failure.status >= 500 ? 'red' : 'orange'}>
          {failure.status ?? 'no answer'}
        </Tag>
        <Typography.Text code className="debug-failure__call">
          {failure.method} {failure.path}
        </Typography.Text>
      </Flex>
      <Typography.Text className="debug-failure__messages">{failure.messages.join(' ')}</Typography.Text>
      <Typography.Text type="secondary" className="debug-failure__time">
        {formatDateTime(new Date(failure.at))}
      </Typography.Text>
    </li>
  );
}

/**
 * What support asks for: who is signed in (never the token itself), which build runs, how the realtime connection
 * stands and the last failed API calls.
 */
export function DebugPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = Grid.useBreakpoint().sm === false;
  const { user } = useSession();
  const token = useSyncExternalStore(subscribeTokens, getToken);
  const realtime = useRealtimeState();
  const failures = useApiFailures();
  const now = useNow(1000);
  const expires = tokenExpiry(token);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Debug viewer"
      extra={<Typography.Text type="secondary">Ctrl/Cmd + 1 closes</Typography.Text>}
      size={phone ? '100%' : 520}
      className="debug-viewer"
    >
      <Facts
        label="Session"
        title="Session"
        items={[
          { key: 'name', label: 'User', children: user ? `${user.fullname} (${user.username})` : 'Not signed in' },
          { key: 'role', label: 'Role', children: user ? `${user.roleDescription} (${user.roleName})` : '–' },
          { key: 'id', label: 'User id', children: user?.id ?? '–' },
          {
            key: 'expiry',
            label: 'Token expires',
            children: expires ? `${formatDateTime(new Date(expires))} (${relative(expires, now)})` : 'No token',
          },
        ]}
      />
      <Facts
        label="App"
        title="App"
        items={[
          { key: 'version', label: 'Version', children: import.meta.env.VITE_APP_VERSION ?? 'dev' },
          { key: 'commit', label: 'Commit', children: import.meta.env.VITE_GIT_COMMIT ?? 'unknown' },
          { key: 'mode', label: 'Build', children: import.meta.env.MODE },
        ]}
      />
      <Facts
        label="Realtime"
        title="Realtime connection"
        items={[
          {
            key: 'status',
            label: 'Status',
            children: <Tag color={STATUS_COLOR[realtime.status]}>{realtime.status}</Tag>,
          },
          {
            key: 'since',
            label: 'Open since',
            children: realtime.since ? formatDateTime(new Date(realtime.since)) : '–',
          },
          { key: 'reconnects', label: 'Reconnects', children: realtime.reconnects },
        ]}
      />
      <section aria-label="API errors">
        <Flex justify="space-between" align="center">
          <Typography.Title level={5} className="debug-viewer__title">
            Last API errors
          </Typography.Title>
          <Button size="small" disabled={failures.length === 0} onClick={clearApiFailures}>
            Clear
          </Button>
        </Flex>
        {failures.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No failed calls" />
        ) : (
          <ol className="debug-failures">
            {failures.map((failure) => (
              <FailureRow key={failure.id} failure={failure} />
            ))}
          </ol>
        )}
      </section>
    </Drawer>
  );
}
