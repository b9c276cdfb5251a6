import { screen } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { makeSession, renderRoutes, stubApi } from '@/test/render';
import { WelcomePage } from '@/features/home/pages/welcome-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/welcome', Component: WelcomePage },
];

const APPROVER_ROUTES = ['/welcome', '/system', '/system/approval', '/user/profile', '/user/inbox'];

function tabs(): string[] {
  const bar = document.querySelector('nav[aria-label="Quick navigation"]');
  return [...(bar?.querySelectorAll('a') ?? [])].map((a) => a.textContent ?? '');
}

describe('BottomBar', () => {
  const width = window.innerWidth;
  beforeEach(() => {
    window.innerWidth = 390;
  });
  afterEach(() => {
    window.innerWidth = width;
  });

  it('shows Dashboard, Leads and Notification to a sales person', async () => {
    setToken('a');
    stubApi(makeSession());
    await renderRoutes(pages, '/welcome', { frame: 'shell' });
    expect(await screen.findByText(/, Sari!/)).toBeInTheDocument();
    expect(tabs()).toEqual(['Dashboard', 'Leads', 'Notification']);
  });

  it('shows an approver only the tabs their routes allow', async () => {
    setToken('a');
    stubApi(
      makeSession({
        navigations: [{ id: 3, label: 'Approval', url: '/system/approval', icon: null, position: 'BOTH', submenu: [] }],
        routes: APPROVER_ROUTES,
        allRoutes: ['/', '/leads', ...APPROVER_ROUTES],
      }),
    );
    await renderRoutes(pages, '/welcome', { frame: 'shell' });
    expect(await screen.findByText(/, Sari!/)).toBeInTheDocument();
    expect(tabs()).toEqual(['Notification']);
  });
});
