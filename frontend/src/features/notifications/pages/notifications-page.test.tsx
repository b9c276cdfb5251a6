import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { NOTIFICATION_FADE_MS } from '../api/notifications-api';
import { oneNotificationApi, UNREAD_APPROVAL } from '../test-fixtures';
import { NotificationsPage } from './notifications-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/notifications', Component: NotificationsPage },
];

const approval = { ...UNREAD_APPROVAL, id: 21 };
const info = { ...approval, id: 22, notificationType: 'INFORMATION', kind: 'INFO', message: 'Your target was set', target: '/user/inbox', isRead: true };

describe('NotificationsPage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the tabs, "No notification..." and the way to the inbox when there is none', async () => {
    setToken('a');
    stubApi(makeSession()); // the session's routes name the inbox, not /notifications: the page goes with the inbox
    await renderRoutes(pages, '/notifications');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const page = within(document.querySelector<HTMLElement>('.notifications-card')!);
    expect(await page.findByText('No notification...')).toBeInTheDocument();
    expect(page.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Informations', 'Approval']);
    expect(page.getByText('All caught up')).toBeInTheDocument();
    expect(page.getByRole('button', { name: /Mark all as read/ })).toBeDisabled();
    expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/user/inbox');
  });

  it('lists by tab, marks the unread, and "Mark all as read" sends the tab\'s type', async () => {
    setToken('a');
    const requests = stubApi(makeSession(), (_req, url) => {
      if (url.pathname === '/api/notification/limited') {
        const type = url.searchParams.get('type');
        const data = type === 'APPROVAL' ? [approval] : type === 'INFORMATION' ? [info] : [approval, info];
        return json(200, { results: { data, total: type === 'INFORMATION' ? 0 : 1 } });
      }
      if (url.pathname === '/api/notification/read-all') return json(200, { results: 1 });
      return undefined;
    });
    await renderRoutes(pages, '/notifications');
    await screen.findByRole('heading', { name: 'Notifications' });
    const page = within(document.querySelector<HTMLElement>('.notifications-card')!);
    expect(await page.findByText(approval.message)).toBeInTheDocument();
    expect(page.getByText(info.message)).toBeInTheDocument();
    expect(page.getByText('1 unread')).toBeInTheDocument();
    expect(document.querySelector('[data-notification-id="21"]')).toHaveClass('is-unread');
    expect(document.querySelector('[data-notification-id="22"]')).toHaveClass('is-read');

    fireEvent.click(page.getByRole('tab', { name: 'Informations' }));
    expect(await page.findByText(info.message)).toBeInTheDocument();
    expect(page.queryByText(approval.message)).toBeNull();
    expect(page.getByRole('button', { name: /Mark all as read/ })).toBeDisabled();

    fireEvent.click(page.getByRole('tab', { name: 'Approval' }));
    expect(await page.findByText(approval.message)).toBeInTheDocument();
    expect(page.queryByText(info.message)).toBeNull();
    fireEvent.click(page.getByRole('button', { name: /Mark all as read/ }));
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/read-all'))).toBe(true));
    expect(await requests.find((r) => r.url.endsWith('/read-all'))!.json()).toEqual({ type: 'APPROVAL', user: 7 });
  });

  it('opens an unread notification: marked read, fades out for a second, then goes where it leads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the fade's second passes when the test says so
    setToken('a');
    const requests = oneNotificationApi(approval);
    const { router } = await renderRoutes(pages, '/notifications');
    fireEvent.click(await screen.findByText(approval.message));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(await requests.find((r) => r.method === 'PUT')!.json()).toEqual({ ids: [21] });
    expect(document.querySelector('[data-notification-id="21"]')).toHaveClass('is-fading');
    expect(router.state.location.pathname).toBe('/notifications');
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_FADE_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/approval'));
  });

  it('is refused to a session that may not read the inbox', async () => {
    setToken('a');
    const session = makeSession();
    stubApi({ ...session, routes: session.routes.filter((r) => r !== '/user/inbox') });
    await renderRoutes(pages, '/notifications', { frame: 'shell' }); // the shell refuses the route
    expect(await screen.findByText('Access Denied.')).toBeInTheDocument();
  });

  it("is where the phone's bottom bar leads", async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      setToken('a');
      stubApi(makeSession());
      await renderRoutes(pages, '/welcome', { frame: 'shell' });
      await screen.findByTestId('elsewhere'); // the shell is up (/welcome is another feature's page)
      const bar = within(document.querySelector<HTMLElement>('nav[aria-label="Quick navigation"]')!);
      expect(bar.getByRole('link', { name: /Notification/ })).toHaveAttribute('href', '/notifications');
    } finally {
      window.innerWidth = width;
    }
  });
});
