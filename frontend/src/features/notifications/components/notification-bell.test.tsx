import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { NOTIFICATION_FADE_MS } from '../api/notifications-api';
import { oneNotificationApi, UNREAD_APPROVAL } from '../test-fixtures';

// The signed-in shell alone (its top bar has the bell); /welcome, another feature's page, is a marker here.

describe('NotificationBell', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the tabs and "No notification..." when empty', async () => {
    setToken('a');
    stubApi(makeSession());
    await renderRoutes([], '/welcome', { frame: 'shell' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notification...')).toBeInTheDocument();
    for (const tab of ['All', 'Informations', 'Approval']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/user/inbox');
  });

  it('counts unread and opens an unread item after it fades out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the fade's second passes when the test says so
    setToken('a');
    let read = false;
    const requests = stubApi(makeSession(), (req, url) => {
      if (url.pathname === '/api/notification/limited') {
        const type = url.searchParams.get('type');
        const data = type === 'INFORMATION' || read ? [] : [{ ...UNREAD_APPROVAL, isRead: read }];
        return json(200, { results: { data, total: read || type === 'INFORMATION' ? 0 : 1 } });
      }
      if (url.pathname === '/api/notification' && req.method === 'PUT') {
        read = true;
        return json(200, { results: null });
      }
      if (url.pathname === '/api/notification/read-all') return json(200, { results: null });
      return undefined;
    });
    const { router } = await renderRoutes([], '/welcome', { frame: 'shell' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);

    // "Mark all as read" sends the selected tab's type.
    fireEvent.click(await screen.findByRole('tab', { name: 'Informations' }));
    await screen.findByText('No notification...');
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    fireEvent.click(await screen.findByText(UNREAD_APPROVAL.message));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/notification');
    expect(await put.json()).toEqual({ ids: [11] });
    // It fades out for a second, then goes where the server says it leads this reader.
    expect(document.querySelector('.notification-item.is-fading')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/welcome');
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_FADE_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/approval'));
  });

  it("shows an outcome's whole message, with the approver's name and note, in the bell", async () => {
    setToken('a');
    const outcome = {
      ...UNREAD_APPROVAL,
      id: 12,
      notificationType: 'INFORMATION',
      message:
        "Your request to move 'Core Banking' (Bank Nusa Mandiri) to E4 Proposal has been rejected by Approver One: " +
        `${'the budget is too high for this quarter and the scope must be cut first; '.repeat(4)}END.`,
    };
    stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/notification/limited' ? json(200, { results: { data: [outcome], total: 1 } }) : undefined,
    );
    await renderRoutes([], '/welcome', { frame: 'shell' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const message = await screen.findByText(outcome.message);
    expect(message).toHaveClass('notification-item__message');
    expect(message).not.toHaveClass('ant-typography-ellipsis');
    expect(message.querySelector('[aria-hidden]')).toBeNull();
  });

  it('"Mark all as read" sends the type of the selected tab', async () => {
    setToken('a');
    const requests = stubApi(makeSession(), (_req, url) => {
      if (url.pathname === '/api/notification/limited') {
        return json(200, { results: { data: [UNREAD_APPROVAL], total: 1 } });
      }
      if (url.pathname === '/api/notification/read-all') return json(200, { results: null });
      return undefined;
    });
    await renderRoutes([], '/welcome', { frame: 'shell' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Approval' }));
    await screen.findByText(UNREAD_APPROVAL.message);
    fireEvent.click(screen.getByRole('button', { name: /Mark all as read/ }));
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/read-all'))).toBe(true));
    const put = requests.find((r) => r.url.endsWith('/read-all'))!;
    expect(await put.json()).toEqual({ type: 'APPROVAL', user: 7 });
  });

  it.each([
    // the requester's outcome opens their lead; a cost sheet's opens the sheet; an approver's the lead view
    ['APPROVED', '/leads/42', 'Approved'],
    ['REJECTED', '/leads/42/project-cost-sheet', 'Rejected'],
    ['REQUESTED', '/leads/42/view', 'Waiting for you'],
  ])('a %s notification opens %s, marked read', async (kind, target, label) => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the fade's second passes when the test says so
    setToken('a');
    const item = { ...UNREAD_APPROVAL, id: 13, kind, target, notificationType: kind === 'REQUESTED' ? 'APPROVAL' : 'INFORMATION' };
    const requests = oneNotificationApi(item);
    const { router } = await renderRoutes([], '/welcome', { frame: 'shell' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByRole('img', { name: label })).toHaveAttribute('data-kind', kind);
    fireEvent.click(await screen.findByText(item.message));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_FADE_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ ids: [13] });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Notifications, 1 unread' })).toBeNull());
  });
});
