import { Outlet } from 'react-router';
import { Logo } from '@/app/layout/logo';

/** A plain frame for public screens that are not part of sign-in. */
export function PublicLayout() {
  return (
    <div className="public-shell">
      <header className="public-shell__header">
        <Logo />
      </header>
      <main className="public-shell__main">
        <Outlet />
      </main>
    </div>
  );
}
