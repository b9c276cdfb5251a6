import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { getToken, setToken } from '@/lib/api/tokens';
import { FULL, json, loadPages, makeSession, renderApp, stubApi } from '@/test/render';
import { showsSidebar } from '../layout/navigation';

// The pages these tests open or are sent to load with the file, as its imports do: a test then waits for what
// its screen shows, not for a page's code to arrive.
await loadPages(
  '/signin', '/signout', '/forgot-password', '/forgot-password/tok', '/', '/welcome', '/system', '/leads',
  '/system/approval', '/system/sales-monitoring', '/system/client-management', '/activity-schedule', '/leads/5/edit',
);

afterEach(() => Modal.destroyAll());

describe('route guard', () => {
  it('sends a visitor without a token to /signin', async () => {
    stubApi(null);
    const { router } = await renderApp('/system/client-management');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.state).toEqual({ from: '/system/client-management' });
    expect(screen.getByText('Forgot password?')).toBeInTheDocument();
  });

  it('shows the 403 page for a path the session does not allow', async () => {
    setToken('a');
    stubApi(makeSession());
    await renderApp('/activity-schedule');
    expect(await screen.findByText('Access Denied.')).toBeInTheDocument();
    // Still inside the signed-in shell.
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
  });

  it('shows Sales Monitoring without the sidebar', async () => {
    setToken('a');
    const session = makeSession();
    stubApi({ ...session, routes: [...session.routes, '/system/sales-monitoring'] }, (_request, url) =>
      url.pathname === '/api/sales-monitoring' ? json(200, { results: [] }) : undefined,
    );
    await renderApp('/system/sales-monitoring');
    expect(await screen.findByRole('heading', { name: 'Sales Monitoring' })).toBeInTheDocument();
    expect(showsSidebar('/system/sales-monitoring')).toBe(false);
    expect(document.querySelector('.app-sider')).toBeNull();
  });

  it('shows the sidebar on a /system screen', async () => {
    setToken('a');
    stubApi(makeSession());
    await renderApp('/system');
    expect(await screen.findByRole('heading', { name: 'System' })).toBeInTheDocument();
    expect(document.querySelector('.app-sider')).not.toBeNull();
  });

  it('has no sidebar on /leads', async () => {
    setToken('a');
    stubApi(makeSession());
    await renderApp('/leads');
    expect(await screen.findByText('Your pipeline from E1 Found to E6 Closing.')).toBeInTheDocument();
    expect(document.querySelector('.app-sider')).toBeNull();
  });

  it('sends users without full dashboard access to /welcome', async () => {
    setToken('a');
    stubApi(makeSession({ pageAccess: { dashboard: { ...FULL, isDelete: false } } }));
    const { router } = await renderApp('/');
    expect(await screen.findByText(/, Sari!/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
  });

  it('opens the dashboard with full access (a role without a dashboard component is told it is not enrolled)', async () => {
    setToken('a');
    stubApi(makeSession());
    await renderApp('/');
    expect(await screen.findByText('You are not enrolled to any Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Please contact Administrator to setup your dashboard.')).toBeInTheDocument();
  });

  it('shows the 404 page for unknown paths', async () => {
    stubApi(null);
    await renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});

describe('sign in', () => {
  async function submit(username: string, password: string) {
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('shows the fixed message on a 400', async () => {
    stubApi(null, (_req, url) =>
      url.pathname === '/api/auth/login' ? json(400, { messages: ['Invalid username or password combination'] }) : undefined,
    );
    await renderApp('/signin');
    await submit('sales1', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password combination');
  });

  it("shows the throttle's message on a 429", async () => {
    const lock = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    stubApi(null, (_req, url) => (url.pathname === '/api/auth/login' ? json(429, { messages: [lock] }) : undefined));
    await renderApp('/signin');
    await submit('sales1', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(lock);
  });

  it('keeps the access token in memory, loads the session and returns to the remembered page', async () => {
    const requests = stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/auth/login' ? json(200, { results: { token: 'T1' } }) : undefined,
    );
    const { router } = await renderApp('/welcome');
    await submit('sales1', 'Pipeline#2026!Go');
    expect(await screen.findByText(/, Sari!/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(getToken()).toBe('T1');
    expect(localStorage.length).toBe(0);
    const session = requests.find((r) => r.url.endsWith('/api/auth/session'))!;
    expect(session.headers.get('Authorization')).toBe('Bearer T1');
    expect(session.cache).toBe('no-store');
  });
});

describe('an approver (no dashboard)', () => {
  const approverRoutes = ['/welcome', '/system', '/system/approval', '/leads/:leadId/view', '/user/profile', '/user/inbox'];
  const approver = () =>
    makeSession({
      user: { ...makeSession().user, username: 'approver1', roleName: 'APPROVER', roleDescription: 'Approver' },
      navigations: [
        { id: 3, label: 'Approval', url: '/system/approval', icon: null, position: 'BOTH', submenu: [] },
        { id: 4, label: 'System', url: '/system', icon: null, position: 'TOP', submenu: [] },
      ],
      routes: approverRoutes,
      allRoutes: ['/', '/leads', '/leads/:leadId/view', ...approverRoutes],
      pageAccess: { 'system/approval': FULL },
    });

  it('lands on the approval queue after signing in, not on Access Denied', async () => {
    stubApi(approver(), (_req, url) =>
      url.pathname === '/api/auth/login' ? json(200, { results: { token: 'T1' } }) : undefined,
    );
    const { router } = await renderApp('/signin');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'approver1' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Pipeline#2026!Go' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/approval'));
    expect(await screen.findByRole('heading', { name: 'Approval' })).toBeInTheDocument();
    expect(screen.queryByText('Access Denied.')).not.toBeInTheDocument();
  });

  it('goes from "/" to the queue, and the logo links there', async () => {
    setToken('a');
    stubApi(approver());
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/approval'));
    expect(screen.getByRole('link', { name: 'Pipeline CRM home' })).toHaveAttribute('href', '/system/approval');
  });

  it('still gets Access Denied for a page outside its routes', async () => {
    setToken('a');
    stubApi(approver());
    const { router } = await renderApp('/leads/5/edit');
    expect(await screen.findByText('Access Denied.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/leads/5/edit');
  });

  it('keeps "/" and the logo on the dashboard for a user who may open it', async () => {
    setToken('a');
    stubApi(makeSession());
    const { router } = await renderApp('/');
    expect(await screen.findByText('You are not enrolled to any Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Pipeline CRM home' })).toHaveAttribute('href', '/');
  });
});

describe('sign out', () => {
  it('ends the session on the server (the cookie goes along), forgets the token and goes to /signin', async () => {
    setToken('a');
    const requests = stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/auth/logout' ? json(200, { results: { endSessionUrl: null } }) : undefined,
    );
    const { router } = await renderApp('/signout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    const logout = requests.find((r) => r.url.endsWith('/api/auth/logout'))!;
    expect(logout.headers.get('Authorization')).toBe('Bearer a');
    expect(logout.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(await logout.text()).toBe('');
    expect(getToken()).toBeNull();
  });

  it('on a page load straight to /signout, refreshes first so that the server still ends the session', async () => {
    const requests = stubApi(makeSession(), (req, url) => {
      if (url.pathname === '/api/auth/refresh') return json(200, { results: { token: 'fresh' } });
      if (url.pathname === '/api/auth/logout') {
        return req.headers.get('Authorization') === 'Bearer fresh'
          ? json(200, { results: { endSessionUrl: null } })
          : json(401, { messages: ['You are not signed in.'] });
      }
      return undefined;
    });
    const { router } = await renderApp('/signout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    await waitFor(() =>
      expect(requests.filter((r) => r.url.endsWith('/api/auth/logout')).map((r) => r.headers.get('Authorization')))
        .toContain('Bearer fresh'),
    );
    expect(getToken()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('a session from an OpenID provider goes on to the provider to sign out there too', async () => {
    setToken('a');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const providerSignOut = 'https://id.example.com/session/end?id_token_hint=x&post_logout_redirect_uri=y';
    stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/auth/logout' ? json(200, { results: { endSessionUrl: providerSignOut } }) : undefined,
    );
    await renderApp('/signout');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(providerSignOut));
    expect(getToken()).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('page load', () => {
  it('gets an access token with the refresh cookie and opens the page without a sign-in', async () => {
    const requests = stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/auth/refresh' ? json(200, { results: { token: 'from-cookie' } }) : undefined,
    );
    const { router } = await renderApp('/leads');
    expect(await screen.findByText('Your pipeline from E1 Found to E6 Closing.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/leads');
    const refresh = requests.filter((r) => r.url.endsWith('/api/auth/refresh'));
    expect(refresh).toHaveLength(1);
    expect(refresh[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(refresh[0].credentials).toBe('same-origin');
    const session = requests.find((r) => r.url.endsWith('/api/auth/session'))!;
    expect(session.headers.get('Authorization')).toBe('Bearer from-cookie');
    expect(localStorage.length).toBe(0);
  });

  it('shows the sign-in when the cookie gives no session', async () => {
    stubApi(null, (_req, url) =>
      url.pathname === '/api/auth/refresh' ? json(401, { messages: ['You are not signed in.'] }) : undefined,
    );
    const { router } = await renderApp('/leads');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });
});

describe('forgot password', () => {
  it('sends the mail with the origin and shows "Email Sent"', async () => {
    const requests = stubApi(null, (_req, url) =>
      url.pathname === '/api/auth/forgot-password/send-mail' ? json(200, { results: { sent: true } }) : undefined,
    );
    await renderApp('/forgot-password');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'sales1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByText('We have sent a password reset link to your email. Check your inbox to continue.'),
    ).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('Email Sent');
    const sent = requests.find((r) => r.url.endsWith('/send-mail'))!;
    expect(await sent.json()).toEqual({ username: 'sales1', redirectBaseUrl: window.location.origin });
  });

  it('requires the username', async () => {
    stubApi(null);
    await renderApp('/forgot-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
  });

  it('shows the server message in an "Error" dialog', async () => {
    stubApi(null, (_req, url) =>
      url.pathname.endsWith('/send-mail') ? json(404, { messages: ['User not found'] }) : undefined,
    );
    await renderApp('/forgot-password');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ghost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('Error');
  });
});

describe('set a new password', () => {
  it('shows the banner and validates with the spec messages', async () => {
    stubApi(null, (_req, url) =>
      url.pathname === '/api/auth/forgot-password' ? json(200, { results: { userId: 7, userName: 'sales1' } }) : undefined,
    );
    await renderApp('/forgot-password/tok-1');
    expect(await screen.findByText('Please provide required information to recover your account')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'other' } });
    expect(await screen.findByText(/^Password must be 12-20 characters long/)).toBeInTheDocument();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('submits the reset and shows "Success"', async () => {
    const requests = stubApi(null, (req, url) => {
      if (url.pathname !== '/api/auth/forgot-password') return undefined;
      return req.method === 'GET'
        ? json(200, { results: { userId: 7, userName: 'sales1' } })
        : json(200, { results: null });
    });
    await renderApp('/forgot-password/tok-1');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'Pipeline#2026!Go' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'Pipeline#2026!Go' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Password successfully been changed.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({
      userId: 7,
      userName: 'sales1',
      newPassword: 'Pipeline#2026!Go',
      confirmationNewPassword: 'Pipeline#2026!Go',
      forgotPasswordToken: 'tok-1',
    });
  });

  it('shows the server message in an "Error" dialog for an invalid token, asking once', async () => {
    const requests = stubApi(null, (_req, url) =>
      url.pathname === '/api/auth/forgot-password' ? json(400, { messages: ['The reset link has expired'] }) : undefined,
    );
    await renderApp('/forgot-password/old');
    expect(await screen.findByText('The reset link has expired')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('Error');
    expect(requests.filter((r) => r.url.includes('/api/auth/forgot-password?'))).toHaveLength(1);
  });
});
