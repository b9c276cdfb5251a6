import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { useMemo, type ReactNode } from 'react';
import { DialogHost, TOAST_DURATION_MS, TOAST_PLACEMENT } from '@/components/dialogs';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { AuthProvider } from './auth/auth-provider';
import { theme } from './theme';

/**
 * Query cache, antd theme and App context (for themed dialogs and toasts), and the session. A person whose system
 * asks for less motion gets none from antd: dialogs, drawers and toasts appear at once, and no click ripple (the
 * rest of the page's animations stop in styles.css).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const reduced = useReducedMotion();
  const themed = useMemo(() => (reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reduced]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themed} locale={enUS} wave={{ disabled: reduced }}>
        <AntApp
          notification={{ placement: TOAST_PLACEMENT, duration: TOAST_DURATION_MS / 1000, maxCount: 4 }}
          message={{ duration: TOAST_DURATION_MS / 1000, maxCount: 3 }}
        >
          <DialogHost />
          <AuthProvider>{children}</AuthProvider>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
