import { Grid, Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DebugViewer } from '@/app/debug/debug-viewer';
import { ForbiddenPage } from '@/app/pages/forbidden-page';
import { useCallRecorded } from '@/components/call-button';
import { isRouteAllowed, normalizePath } from '@/lib/route-access';
import { useRealtimeConnection } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { BottomBar } from './bottom-bar';
import { showsSidebar } from './navigation';
import { SidebarMenu } from './sidebar-menu';
import { TopBar } from './top-bar';
import { useHomePath } from './use-home-path';

// The slide-in menu is for phones only: its drawer loads after the first paint there, and never on a wider screen.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

/** The signed-in shell: top bar, the sidebar on /system routes, mobile menu and bottom bar, and the debug viewer. */
export function AppLayout() {
  const { routes, allRoutes, user } = useSession();
  const { pathname } = useLocation();
  useRealtimeConnection(user?.id); // presence: online while this tab is open
  useCallRecorded();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false; // below 768 px
  const [menuOpen, setMenuOpen] = useState(false);
  const sidebar = showsSidebar(pathname) && !mobile;
  const allowed = isRouteAllowed(pathname, routes, allRoutes);
  const home = useHomePath();
  // "/" is where sign-in, the bottom bar and old links send everyone; a user who may not open the
  // dashboard (an approver) goes on to the first screen they may open instead of Access Denied.
  const redirectHome = !allowed && normalizePath(pathname) === '/' && home !== '/';

  useEffect(() => {
    if (!mobile) setMenuOpen(false);
  }, [mobile]);

  return (
    <Layout className={`app-shell${mobile ? ' is-mobile' : ''}`}>
      <TopBar mobile={mobile} onOpenMenu={() => setMenuOpen(true)} />
      <Layout hasSider={sidebar} className="app-shell__body">
        {sidebar && (
          <Layout.Sider width={272} theme="light" className="app-sider" breakpoint="lg" collapsedWidth={72}>
            <SidebarMenu />
          </Layout.Sider>
        )}
        <Layout.Content className="app-content">
          <main className="app-content__inner">{allowed ? <Outlet /> : redirectHome ? <Navigate to={home} replace /> : <ForbiddenPage />}</main>
        </Layout.Content>
      </Layout>
      {mobile && <BottomBar />}
      <DebugViewer />
      {mobile && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
