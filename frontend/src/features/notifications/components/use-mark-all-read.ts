import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import type { NotificationFilter } from '@/lib/api/types';
import { useSession } from '@/lib/session';
import { notificationKeys } from '../api/keys';
import { markAllNotificationsRead } from '../api/notifications-api';

/** "Mark all as read" for one type of the signed-in user's notifications; every notification list then refetches. */
export function useMarkAllRead(type: NotificationFilter, doneText?: string) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(type, user?.id),
    onSuccess: () => {
      if (doneText) toast.success(doneText);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, 'Notifications could not be marked as read')),
  });
}
