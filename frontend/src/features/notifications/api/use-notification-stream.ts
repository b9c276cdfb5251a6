import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE_URL, refreshAccessToken } from '@/lib/api/client';
import { getToken } from '@/lib/api/tokens';
import { invalidateDomains } from '@/lib/query-domains';
import { backoffDelay, parseSse } from '../lib/sse-parser';
import { notificationKeys } from './keys';

export const NOTIFICATION_STREAM_PATH = '/notification/stream';

/**
 * Listens to GET /notification/stream (server-sent events) with the bearer token — EventSource
 * cannot send headers — and refreshes the bell and inbox on each `notification` event.
 * Reconnects with back-off; stops for good on refusals other than 401 (the 20 s polling stays).
 */
export function useNotificationStream(userId: number | undefined): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === undefined || typeof ReadableStream === 'undefined') return;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;

    const schedule = () => {
      if (stopped) return;
      timer = setTimeout(() => void connect(), backoffDelay(attempt));
      attempt += 1;
    };

    const onEvent = (event: string) => {
      if (event === 'ready') attempt = 0;
      if (event === 'notification') {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        // What a live notification may have changed besides the notifications: the approval queue.
        void invalidateDomains(queryClient, 'approvals');
      }
    };

    const connect = async () => {
      if (stopped) return;
      controller = new AbortController();
      try {
        const token = getToken();
        if (!token) return;
        const response = await globalThis.fetch(`${window.location.origin}${API_BASE_URL}${NOTIFICATION_STREAM_PATH}`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (response.status === 401) {
          // The API client owns signing out; here a fresh token (another tab's refresh counts) is enough to try again.
          if (await refreshAccessToken(token)) schedule();
          return;
        }
        if (!response.ok || !response.body) {
          if (response.status >= 500 || response.status === 429) schedule();
          return;
        }
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const { events, rest } = parseSse(buffer);
          buffer = rest;
          events.forEach((e) => onEvent(e.event));
        }
        schedule();
      } catch {
        if (!controller?.signal.aborted) schedule();
      }
    };

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    };
  }, [userId, queryClient]);
}
