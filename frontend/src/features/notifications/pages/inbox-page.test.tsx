import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { InboxPage } from './inbox-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/user/inbox', Component: InboxPage },
];

const note = (id: number, isRead = true) => ({
  id,
  notificationType: 'INFORMATION',
  kind: 'INFO',
  message: `Update number ${id}`,
  link: null,
  target: '/user/inbox',
  isRead,
  createdAt: new Date().toISOString(),
});

function listCalls(requests: Request[]) {
  return requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/notification')
    .map((u) => Object.fromEntries(u.searchParams));
}

describe('InboxPage', () => {
  it('pages by 10, loads more while hasMore, searches with limit 100 page 1', async () => {
    setToken('a');
    const requests = stubApi(makeSession(), (req, url) => {
      if (url.pathname !== '/api/notification' || req.method !== 'GET') return undefined;
      const page = Number(url.searchParams.get('page'));
      const data = page === 1 ? [note(1), note(2)] : [note(3)];
      return json(200, { results: { data, pagination: { page, hasMore: page === 1 } } });
    });
    const { router } = await renderRoutes(pages, '/user/inbox');
    expect(await screen.findByText('Update number 1')).toBeInTheDocument();
    expect(listCalls(requests)[0]).toMatchObject({ user: '7', type: 'ALL', page: '1', limit: '10' });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Update number 3')).toBeInTheDocument();
    expect(listCalls(requests).at(-1)).toMatchObject({ page: '2', limit: '10' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('Search notifications'), { target: { value: 'lead' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search notifications'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listCalls(requests).at(-1)).toMatchObject({ search: 'lead', page: '1', limit: '100' }));

    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(listCalls(requests).at(-1)).toMatchObject({ unread: 'true' }));
    // the view is in the address: Back undoes the switch, the search stays
    expect(router.state.location.search).toBe('?q=lead&unread=true');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=lead');
    expect(screen.getByRole('switch', { name: 'Unread only' })).not.toBeChecked();
    expect(screen.getByPlaceholderText('Search notifications')).toHaveValue('lead');
  });

  it('highlights the notification given as focusId', async () => {
    setToken('a');
    stubApi(makeSession(), (req, url) =>
      url.pathname === '/api/notification' && req.method === 'GET'
        ? json(200, { results: { data: [note(1), note(2)], pagination: { page: 1, hasMore: false } } })
        : undefined,
    );
    const { router } = await renderRoutes(pages, '/welcome');
    await screen.findByTestId('elsewhere'); // the shell is up (/welcome is another feature's page)
    await act(() => router.navigate('/user/inbox', { state: { focusId: 2 } }));
    await screen.findByText('Update number 2');
    expect(document.querySelector('[data-notification-id="2"]')).toHaveClass('is-highlighted');
    expect(document.querySelector('[data-notification-id="1"]')).not.toHaveClass('is-highlighted');
  });

  it('opens what a notification is about, and marks an unread one read in place when it is about nothing', async () => {
    setToken('a');
    const approved = { ...note(5), kind: 'APPROVED', link: '/leads/42', target: '/leads/42', message: 'Approved one' };
    const requests = stubApi(makeSession(), (req, url) => {
      if (url.pathname !== '/api/notification') return undefined;
      if (req.method === 'PUT') return json(200, { results: 1 });
      return json(200, { results: { data: [note(4, false), approved], pagination: { page: 1, hasMore: false } } });
    });
    const { router } = await renderRoutes(pages, '/user/inbox');
    fireEvent.click(await screen.findByText('Update number 4'));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(router.state.location.pathname).toBe('/user/inbox');
    fireEvent.click(screen.getByText('Approved one'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/42'));
  });
});
