import { Outlet } from 'react-router';
import { useHomePath } from '@/app/layout/use-home-path';
import { Logo } from '@/components/logo';

/** A plain frame for public screens that are not part of sign-in. */
export function PublicLayout() {
  const home = useHomePath();
  return (
    <div className="public-shell">
      <header className="public-shell__header">
        <Logo to={home} />
      </header>
      <main className="public-shell__main">
        <Outlet />
      </main>
    </div>
  );
}
