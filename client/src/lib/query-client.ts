import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './api';

const FIVE_MINUTES = 5 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;
const RETRY_DELAY_MS = 1000;

/**
 * One retry, but not for answers a retry cannot change: a 4xx is the server's
 * verdict on this request (bad input, not signed in, conflict, rate limit), so repeating it
 * only doubles attempts against rate limits and delays the error the member must see.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: TEN_MINUTES,
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
      },
    },
  });
}

export const queryClient = createQueryClient();
