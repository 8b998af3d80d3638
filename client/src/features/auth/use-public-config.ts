import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@contract/auth';
import { api } from '@contract/routes';

/** Registration mode and ad client, readable before sign-in (`GET /api/config`). */
export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: [api.config] });
}
