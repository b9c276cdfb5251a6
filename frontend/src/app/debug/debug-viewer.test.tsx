import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, unwrap } from '@/lib/api/client';
import { clearApiFailures } from '@/lib/api/failures';
import { setToken } from '@/lib/api/tokens';
import { setRealtimeState } from '@/lib/realtime';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { WelcomePage } from '@/features/home/pages/welcome-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/welcome', Component: WelcomePage },
];

/** An access token as the server makes them (only `exp` is read); the signature is not checked here. */
function jwt(exp: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: '7', exp })}.c2lnbmF0dXJl`;
}

const press = (init: KeyboardEventInit) => fireEvent.keyDown(window, init);
const BACKTICK = { key: '`', code: 'Backquote' };
const ONE = { key: '1', code: 'Digit1' };

function panel(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.debug-viewer');
}

async function closed() {
  await waitFor(() => {
    const open = panel()?.closest('.ant-drawer-open');
    expect(open ?? null).toBeNull();
  });
}

describe('DebugViewer', () => {
  beforeEach(() => clearApiFailures());
  afterEach(() => setRealtimeState({ status: 'off', since: null, reconnects: 0 }));

  it('opens on Ctrl+` and closes on Ctrl+1; neither key alone, nor Ctrl+1 first, does anything', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 15 * 60);
    setToken(token);
    stubApi(makeSession());
    await renderRoutes(pages, '/welcome', { frame: 'shell' });
    await screen.findByText(/, Sari!/);

    press(BACKTICK);
    press({ ...ONE, ctrlKey: true });
    expect(screen.queryByText('Debug viewer')).toBeNull();

    press({ ...BACKTICK, ctrlKey: true });
    expect(await screen.findByText('Debug viewer')).toBeInTheDocument();
    const session = within(screen.getByRole('region', { name: 'Session' }));
    expect(session.getByText('Sari Dewi (sales1)')).toBeInTheDocument();
    expect(session.getByText('Sales Person (SALES)')).toBeInTheDocument();
    expect(session.getByText('7')).toBeInTheDocument();
    expect(session.getByText(/\(in 1[45] min\)$/)).toBeInTheDocument();
    // the token itself is never shown
    expect(document.body.textContent).not.toContain(token.split('.')[1]);
    // the build: the package's version and a commit
    const app = within(screen.getByRole('region', { name: 'App' }));
    expect(app.getByText('0.1.0')).toBeInTheDocument();
    expect(app.getByText('Commit').closest('tr')?.textContent).toMatch(/Commit\s*\S+/);

    press({ ...ONE, ctrlKey: true });
    await closed();

    press({ ...BACKTICK, metaKey: true }); // Cmd on a Mac
    await waitFor(() => expect(panel()?.closest('.ant-drawer-open')).not.toBeNull());
    press({ ...ONE, metaKey: true });
    await closed();
  });

  it('shows the realtime state and the failed API calls as they happen', async () => {
    setToken('a');
    stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/leads/404' ? json(404, { messages: ['Lead not found.'], type: 'NotFound' }) : undefined,
    );
    await renderRoutes(pages, '/welcome', { frame: 'shell' });
    await screen.findByText(/, Sari!/);
    act(() => setRealtimeState({ status: 'open', since: Date.now(), reconnects: 2 }));
    press({ ...BACKTICK, ctrlKey: true });
    await screen.findByText('Debug viewer');

    const realtime = within(screen.getByRole('region', { name: 'Realtime' }));
    expect(realtime.getByText('open')).toBeInTheDocument();
    expect(realtime.getByText('2')).toBeInTheDocument();
    act(() => setRealtimeState({ status: 'closed' }));
    expect(await realtime.findByText('closed')).toBeInTheDocument();

    const errors = within(screen.getByRole('region', { name: 'API errors' }));
    expect(errors.getByText('No failed calls')).toBeInTheDocument();
    await act(async () => {
      await unwrap((api as any).GET('/leads/404')).catch(() => undefined);
    });
    expect(await errors.findByText('GET /api/leads/404')).toBeInTheDocument();
    expect(errors.getByText('404')).toBeInTheDocument();
    expect(errors.getByText('Lead not found.')).toBeInTheDocument();

    fireEvent.click(errors.getByRole('button', { name: 'Clear' }));
    expect(await errors.findByText('No failed calls')).toBeInTheDocument();
  });
});
