import { useQuery } from '@tanstack/react-query';
import { api } from '@contract/routes';
import type { CurrentUser } from '@contract/users';
import { getQueryFn } from './api';

export const currentUserKey = [api.user] as const;

const CURRENT_USER_STALE_MS = 300_000;

/** The session (spec 1 §4): a 401 means signed out; cached 5 minutes; never retried. */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: currentUserKey,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
