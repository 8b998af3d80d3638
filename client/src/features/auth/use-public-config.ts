import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/call';

/** Registration mode and ad client, readable before sign-in (`getConfig`). */
export function usePublicConfig() {
  return useQuery(endpointQuery('getConfig'));
}
