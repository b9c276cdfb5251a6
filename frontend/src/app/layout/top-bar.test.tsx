import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { makeSession, renderRoutes, stubApi } from '@/test/render';
import { WelcomePage } from '@/features/home/pages/welcome-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/welcome', Component: WelcomePage },
];

const APPROVER_ROUTES = ['/welcome', '/system', '/system/approval', '/user/profile', '/user/inbox'];

describe('TopBar', () => {
  it('offers the activity schedule to a sales person whose routes include it', async () => {
    setToken('a');
    const session = makeSession();
    stubApi({ ...session, routes: [...session.routes, '/activity-schedule'] });
    await renderRoutes(pages, '/welcome', { frame: 'shell' });
    expect(await screen.findByText(/, Sari!/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activity schedule' })).toBeInTheDocument();
  });

  it('shows an approver no calendar button: it would lead to Access Denied', async () => {
    setToken('a');
    stubApi(makeSession({ routes: APPROVER_ROUTES, allRoutes: ['/', '/leads', '/activity-schedule', ...APPROVER_ROUTES] }));
    await renderRoutes(pages, '/welcome', { frame: 'shell' });
    expect(await screen.findByText(/, Sari!/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activity schedule' })).not.toBeInTheDocument();
  });

  it('makes each menu item a link to its screen, which a click follows and a new tab can open', async () => {
    setToken('a');
    stubApi(makeSession());
    const { router } = await renderRoutes(pages, '/welcome', { frame: 'shell' });
    const menu = await screen.findByRole('menu');
    const leads = within(menu).getByRole('link', { name: 'Leads' });
    expect(leads).toHaveAttribute('href', '/leads');
    expect(within(menu).getByRole('link', { name: 'System' })).toHaveAttribute('href', '/system');
    fireEvent.click(leads);
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
  });
});
