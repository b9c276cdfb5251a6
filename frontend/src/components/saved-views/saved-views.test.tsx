import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { setToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { SavedViews } from './saved-views';

const LIST = '/system/client-management';

function ListPage() {
  const { search } = useLocation();
  return (
    <div>
      <SavedViews />
      <output data-testid="address">{search}</output>
    </div>
  );
}

const pages = [
  { path: LIST, Component: ListPage },
  { path: '/system/client-management/:id', Component: ListPage },
];

const view = (id: number, name: string, query: string, more: Record<string, unknown> = {}) => ({
  id,
  name,
  query,
  shared: false,
  mine: true,
  ownerName: 'Sari Dewi',
  isDefault: false,
  ...more,
});

function answering(views: ReturnType<typeof view>[], { defaultId = null as number | null, canShare = false } = {}) {
  const posted: unknown[] = [];
  const requests = stubApi(makeSession(), (req, url) => {
    if (url.pathname === '/api/saved-views' && req.method === 'GET') {
      expect(url.searchParams.get('list')).toBe(LIST);
      return json(200, { results: { views, defaultId, canShare } });
    }
    if (url.pathname === '/api/saved-views' && req.method === 'POST') {
      return req.json().then((body: Record<string, unknown>) => {
        posted.push(body);
        return json(200, { results: { views: [...views, view(99, String(body.name), String(body.query))], defaultId, canShare } });
      });
    }
    return undefined;
  });
  return { requests, posted };
}

const address = () => screen.getByTestId('address').textContent;

describe('SavedViews', () => {
  it('opens the list with the default view when its address names no state', async () => {
    setToken('a');
    answering([view(1, 'E3 biggest first', 'sort=gp&order=desc'), view(2, 'Bank', 'q=bank', { isDefault: true })], { defaultId: 2 });
    await renderRoutes(pages, LIST);
    await waitFor(() => expect(address()).toBe('?q=bank'));
    expect(await screen.findByRole('button', { name: 'Saved views: Bank' })).toBeInTheDocument();
  });

  it('leaves an address that names a state as it is (a link sent, a view chosen)', async () => {
    setToken('a');
    const { requests } = answering([view(2, 'Bank', 'q=bank', { isDefault: true })], { defaultId: 2 });
    await renderRoutes(pages, `${LIST}?q=mandiri`);
    await waitFor(() => expect(requests.some((r) => new URL(r.url).pathname === '/api/saved-views')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Saved views' })).toBeInTheDocument();
    expect(address()).toBe('?q=mandiri');
  });

  it('opens a view chosen from the menu, grouped as mine and shared by their leader', async () => {
    setToken('a');
    answering([
      view(1, 'Mine', 'q=a'),
      view(5, 'Team E3', 'stage=E3&size=50', { mine: false, shared: true, ownerName: 'Budi Santoso' }),
    ]);
    await renderRoutes(pages, LIST);
    fireEvent.click(await screen.findByRole('button', { name: 'Saved views' }));
    expect(await screen.findByText('My views')).toBeInTheDocument();
    expect(screen.getByText('Shared by Budi Santoso')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Team E3'));
    await waitFor(() => expect(address()).toBe('?stage=E3&size=50'));
    expect(await screen.findByRole('button', { name: 'Saved views: Team E3' })).toBeInTheDocument();
  });

  it('saves the current state under a name, without its page number; sharing offered to a team leader only', async () => {
    setToken('a');
    const { posted } = answering([], { canShare: false });
    await renderRoutes(pages, `${LIST}?q=bank&page=3&size=50`);
    fireEvent.click(await screen.findByRole('button', { name: 'Saved views' }));
    fireEvent.click(await screen.findByText('Save current view…'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).queryByText('Share with my team')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Please enter the view's name.")).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Big banks' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Open this list with it (my default)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ list: LIST, name: 'Big banks', query: 'q=bank&size=50', shared: false, isDefault: true });
  });

  it('offers a team leader to share', async () => {
    setToken('a');
    answering([], { canShare: true });
    await renderRoutes(pages, LIST);
    fireEvent.click(await screen.findByRole('button', { name: 'Saved views' }));
    fireEvent.click(await screen.findByText('Save current view…'));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).getByRole('checkbox', { name: 'Share with my team' })).toBeInTheDocument();
  });

  it('is not offered on a screen that is no list of its own', async () => {
    setToken('a');
    const { requests } = answering([]);
    await renderRoutes(pages, `${LIST}/5`);
    await screen.findByTestId('address');
    expect(screen.queryByRole('button', { name: /Saved views/ })).toBeNull();
    expect(requests.some((r) => new URL(r.url).pathname === '/api/saved-views')).toBe(false);
  });
});
