import { act, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { REDUCED_MOTION_QUERY } from '@/lib/use-reduced-motion';
import { AppProviders } from './providers';

/** A system setting for "reduce motion" that the test can flip, as a person does in their system's settings. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const setting = { reduce };
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) =>
    query === REDUCED_MOTION_QUERY
      ? {
          get matches() {
            return setting.reduce;
          },
          media: query,
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }
      : matchMedia(query),
  );
  return (next: boolean) => {
    setting.reduce = next;
    listeners.forEach((listener) => listener());
  };
}

function Motion() {
  const { token } = antdTheme.useToken();
  return <span>{token.motion ? 'moving' : 'still'}</span>;
}

const app = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Motion />
    </AppProviders>,
  );

describe('AppProviders and the system motion setting', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps antd motion for a person who has not asked for less', async () => {
    systemMotion(false);
    app();
    expect(await screen.findByText('moving')).toBeInTheDocument();
  });

  it('turns antd motion off when the system asks for less, and back on when it stops asking', async () => {
    const change = systemMotion(true);
    app();
    expect(await screen.findByText('still')).toBeInTheDocument();
    act(() => change(false));
    expect(await screen.findByText('moving')).toBeInTheDocument();
    act(() => change(true));
    expect(await screen.findByText('still')).toBeInTheDocument();
  });
});
