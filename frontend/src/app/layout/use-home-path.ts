import { useSession } from '@/lib/session';
import { homePath } from './navigation';

/** The first screen this session may open ("/" for most users, the approval queue for an approver). */
export function useHomePath(): string {
  const { navigations, routes, allRoutes } = useSession();
  return homePath(navigations, routes, allRoutes);
}
