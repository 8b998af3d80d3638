import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contract/users';
import { orOnStatus } from './api';
import { call, endpointKey } from './call';

/** `['/api/user']`: the session's member. Invalidate it with `exact: true`, or the member's preferences and archive below it refetch too. */
export const currentUserKey = endpointKey('getCurrentUser');

const CURRENT_USER_STALE_MS = 300_000;

/** The session: a 401 means signed out; cached 5 minutes; never retried. */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => orOnStatus(call('getCurrentUser', {}, { signal }), 401, null),
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
