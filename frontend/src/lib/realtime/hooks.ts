import { useEffect, useRef } from 'react';
import { realtime, type RealtimeMessage } from './connection';

/** Opens the tab's realtime connection while someone is signed in, and closes it (telling the server) after. */
export function useRealtimeConnection(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    realtime.start();
    return () => realtime.stop();
  }, [userId]);
}

/** Calls `handler` on each message of this event while the component is shown. */
export function useRealtimeEvent(event: string, handler: (message: RealtimeMessage) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => realtime.on(event, (message) => latest.current(message)), [event]);
}

/** Asks for a topic's events while the component is shown. */
export function useRealtimeWatch(topic: string, enabled = true): void {
  useEffect(() => (enabled ? realtime.watch(topic) : undefined), [topic, enabled]);
}
