import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import type { Notification } from '@/lib/api/types';
import { notificationKeys } from '../api/keys';
import { markNotificationsRead, NOTIFICATION_FADE_MS, notificationTarget } from '../api/notifications-api';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opening a notification: an unread one is marked read and fades out over a second, then the user goes
 * where it leads them (the server's `target` for this reader: their lead, an approver's lead view, the cost
 * sheet, the queue, or the inbox).
 */
export function useOpenNotification(
  options: {
    /** Fade an unread item out before moving on (the bell); the inbox keeps it in place. */
    fade?: boolean;
    /** Whether opening this notification leaves the current page. */
    navigateFor?: (notification: Notification) => boolean;
    onDone?: () => void;
  } = {},
) {
  const { fade = true, navigateFor = () => true, onDone } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fadingIds, setFadingIds] = useState<ReadonlySet<number>>(new Set());
  const markRead = useMutation({ mutationFn: markNotificationsRead });

  const open = useCallback(
    async (notification: Notification) => {
      if (!notification.isRead) {
        if (fade) setFadingIds((prev) => new Set(prev).add(notification.id));
        try {
          await Promise.all([
            markRead.mutateAsync([notification.id]),
            fade ? wait(NOTIFICATION_FADE_MS) : Promise.resolve(),
          ]);
        } catch (error) {
          toast.error(errorMessage(error, 'The notification could not be marked as read'));
        } finally {
          setFadingIds((prev) => {
            const next = new Set(prev);
            next.delete(notification.id);
            return next;
          });
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        }
      }
      onDone?.();
      if (navigateFor(notification)) {
        navigate(notificationTarget(notification), { state: { focusId: notification.id } });
      }
    },
    [fade, markRead, navigate, navigateFor, onDone, queryClient],
  );

  return { open, fadingIds };
}
