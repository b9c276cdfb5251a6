import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { DialogHost, TOAST_DURATION_MS, TOAST_PLACEMENT } from '@/components/dialogs';
import { AuthProvider } from './auth/auth-provider';
import { theme } from './theme';

/** Query cache, antd theme and App context (for themed dialogs and toasts), and the session. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} locale={enUS}>
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
