import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime';
import { invalidateDomains } from '@/lib/query-domains';
import { notificationKeys } from './keys';

/**
 * Refreshes the bell and the inbox on each `notification` of the tab's realtime connection (lib/realtime, opened
 * by the signed-in shell), and the approval queue a notification may have changed. The queries' 20 s polling stays
 * for while the connection is down.
 */
export function useNotificationStream(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    void invalidateDomains(queryClient, 'approvals');
  });
}
