import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/errors';

export const MAX_RETRIES = 3;

/** Retries up to three times, but never a 4xx answer: asking again will not change it. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
