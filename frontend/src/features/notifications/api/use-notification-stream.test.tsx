import { screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { makeSession, renderApp, stubApi } from '@/test/render-app';

describe('useNotificationStream', () => {
  it('reads the stream with the bearer token and refreshes the bell on each notification event', async () => {
    setToken('tok-1');
    const requests = stubApi(makeSession(), (_req, url) => {
      if (url.pathname === '/api/notification/stream') {
        // Answer after the bell's first load, as a real event would come later.
        return new Promise((resolve) => setTimeout(resolve, 300)).then(() => new Response(
          // jsdom's ReadableStream is not the one Response takes; a text body streams the same way.
          'event: ready\ndata: {}\n\n: keep-alive\n\nevent: notification\ndata: {"id":3}\n\n',
          { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
        ));
      }
      return undefined;
    });
    renderApp('/welcome');
    await screen.findByRole('button', { name: 'Notifications' });
    const stream = await waitFor(() => {
      const found = requests.find((r) => new URL(r.url).pathname === '/api/notification/stream');
      if (!found) throw new Error('no stream request');
      return found;
    });
    expect(stream.headers.get('Authorization')).toBe('Bearer tok-1');
    // The first load and the refetch after the one notification event.
    await waitFor(() =>
      expect(requests.filter((r) => new URL(r.url).pathname === '/api/notification/limited').length).toBeGreaterThanOrEqual(2),
    );
  });
});
