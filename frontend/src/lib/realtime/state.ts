import { useSyncExternalStore } from 'react';

/** Where the realtime connection (lib/realtime) stands: `off` before sign-in and after sign-out. */
export type RealtimeStatus = 'off' | 'connecting' | 'open' | 'closed';

export interface RealtimeState {
  status: RealtimeStatus;
  /** When the connection last opened (ms since the epoch), or null. */
  since: number | null;
  /** How many times it has reconnected since sign-in. */
  reconnects: number;
}

let state: RealtimeState = { status: 'off', since: null, reconnects: 0 };
const listeners = new Set<() => void>();

export function getRealtimeState(): RealtimeState {
  return state;
}

/** The connection reports here; the debug viewer and the presence screens read it. */
export function setRealtimeState(next: Partial<RealtimeState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export function subscribeRealtimeState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(subscribeRealtimeState, getRealtimeState);
}
