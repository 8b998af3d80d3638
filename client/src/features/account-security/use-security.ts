import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointKey, endpointQuery } from '@/lib/call';

/** What Settings → Account Security shows: the proofs the member has and whether this session proved them lately. */
export function useSecurityStatus() {
  return useQuery({ ...endpointQuery('getSecurityStatus'), staleTime: 0 });
}

export function usePasskeys() {
  return useQuery(endpointQuery('listPasskeys'));
}

export function useSessions() {
  return useQuery({ ...endpointQuery('listSessions'), staleTime: 0 });
}

/** After a change: the status, the passkeys and the sessions read again. */
export function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      (['getSecurityStatus', 'listPasskeys', 'listSessions'] as const).map((name) => queryClient.invalidateQueries({ queryKey: endpointKey(name), exact: true })),
    );
}
