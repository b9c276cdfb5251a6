import '@/app/styles.css';
// The page shell's classes (.page, .page-card, the header) belong to the shell: screens that draw a card without
// <Page> (the dashboard, coming soon) use them too, whichever lazy page happened to load page.css first.
import '@/components/page/page.css';
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
