import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { WelcomePage } from '@/features/home/pages/welcome-page';

const pages = [
  { path: '/welcome', Component: WelcomePage },
  { path: '/leads/:leadId', Component: () => <p>the lead page</p> },
];

const ANSWER = {
  term: 'quasar',
  groups: [
    { kind: 'clients', label: 'Clients', hits: [{ id: 3, title: 'PT Quasar Data', subtitle: 'Client QSR', link: '/system/client-management/3' }] },
    { kind: 'leads', label: 'Leads', hits: [{ id: 19, title: 'Quasar Datacenter Migration', subtitle: 'PT Quasar Data · E2 Connected', link: '/leads/19' }] },
  ],
};

describe('TopBar, the search box', () => {
  it('is focused by "/", asks once the typing pauses, groups by kind and opens the chosen record', async () => {
    setToken('a');
    const requests = stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/search'
        ? json(200, { results: url.searchParams.get('q') === 'quasar' ? ANSWER : { term: url.searchParams.get('q'), groups: [] } })
        : undefined,
    );
    const { router } = await renderRoutes(pages, '/welcome', { frame: 'shell' });
    const box = await screen.findByRole('combobox', { name: 'Find in the CRM' });
    fireEvent.keyDown(window, { key: '/' });
    expect(box).toHaveFocus();

    fireEvent.change(box, { target: { value: 'q' } });
    fireEvent.change(box, { target: { value: 'quasar' } });
    expect(await screen.findByText('Quasar Datacenter Migration')).toBeInTheDocument();
    const groups = [...document.querySelectorAll('.search-box__group')].map((g) => g.textContent);
    expect(groups).toEqual(['Clients', 'Leads']);
    const asked = requests.filter((r) => new URL(r.url).pathname === '/api/search').map((r) => new URL(r.url).searchParams.get('q'));
    expect(asked).toEqual(['quasar']); // one letter asks nothing; the pause asks once

    fireEvent.click(screen.getByText('Quasar Datacenter Migration'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19'));
    expect(box).toHaveValue('');
  });

  it('says when nothing matches', async () => {
    setToken('a');
    stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/search' ? json(200, { results: { term: 'zzz', groups: [] } }) : undefined,
    );
    await renderRoutes(pages, '/welcome', { frame: 'shell' });
    const box = await screen.findByRole('combobox', { name: 'Find in the CRM' });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('No matches for “zzz”')).toBeInTheDocument();
  });
});
