import { useSyncExternalStore } from 'react';

/** The operating system's "reduce motion" setting (WCAG 2.3.3), followed live when it changes. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(REDUCED_MOTION_QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const reduced = () => media()?.matches ?? false;

/** True while the person has asked their system for less motion. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
