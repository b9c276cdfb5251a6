import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext, type AuthContextValue } from '@/lib/session';
import { makeSession } from '@/test/render';
import { ForbiddenPage } from './forbidden-page';

const APPROVER_ROUTES = ['/welcome', '/system', '/system/approval', '/user/profile', '/user/inbox'];

function renderAt(entries: string[], session = makeSession()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home screen</p> },
      { path: '/leads', element: <p>Leads screen</p> },
      { path: '/system/approval', element: <p>Approval screen</p> },
      { path: '/error-403', element: <ForbiddenPage /> },
      { path: '/system/user-management/:userId', element: <ForbiddenPage /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const auth = {
    session,
    user: session.user,
    navigations: session.navigations,
    routes: session.routes,
    allRoutes: session.allRoutes,
  } as AuthContextValue;
  render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

describe('ForbiddenPage', () => {
  it('names the role and the page that was refused', () => {
    const session = makeSession({ routeNames: { '/system/user-management': 'User Management' } });
    renderAt(['/system/user-management/7'], session);
    expect(
      screen.getByText(
        `Your role ${session.user.roleDescription} has no read access to User Management. Ask an administrator if you need it.`,
      ),
    ).toBeInTheDocument();
  });

  it('says it plainly where no page is named', () => {
    renderAt(['/error-403']);
    expect(
      screen.getByText('You do not have permission to open this page. Ask an administrator if you need it.'),
    ).toBeInTheDocument();
  });

  it('says "Access Denied." with Go Back and Home Page buttons', () => {
    renderAt(['/error-403']);
    expect(screen.getByText('Access Denied.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Home Page' })).toBeInTheDocument();
  });

  it('Go Back returns to the previous page', async () => {
    renderAt(['/leads', '/error-403']);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Leads screen')).toBeInTheDocument();
  });

  it('Home Page goes to /', async () => {
    renderAt(['/error-403']);
    fireEvent.click(screen.getByRole('button', { name: 'Home Page' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });

  it('Home Page goes to the first screen the user may open when "/" is not one', async () => {
    const approver = makeSession({
      navigations: [{ id: 3, label: 'Approval', url: '/system/approval', icon: null, position: 'BOTH', submenu: [] }],
      routes: APPROVER_ROUTES,
      allRoutes: ['/', '/leads', ...APPROVER_ROUTES],
    });
    renderAt(['/error-403'], approver);
    fireEvent.click(screen.getByRole('button', { name: 'Home Page' }));
    expect(await screen.findByText('Approval screen')).toBeInTheDocument();
  });
});
