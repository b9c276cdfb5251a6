import '@/app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/routing/router';
import { setAuthFailureHandler } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';

const queryClient = createQueryClient();
const router = createAppRouter();

// A failed token refresh lands on /signin through the router, remembering where the user was.
setAuthFailureHandler(() => {
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (pathname !== '/signin') {
    void router.navigate('/signin', { replace: true, state: { from: `${pathname}${search}` } });
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
