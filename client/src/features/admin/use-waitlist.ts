import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, adminMessages, type WaitlistApplication } from '@contract/admin';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { fetchPage, nextOffset } from '@/lib/paging';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';

export const waitlistKey = [adminApi.waitlist] as const;

/** The applications, pending first, 20 a page (spec 2 §4 Infinite lists). */
export function useWaitlist() {
  return useInfiniteQuery({
    queryKey: waitlistKey,
    queryFn: ({ pageParam, signal }) => fetchPage<WaitlistApplication>(adminApi.waitlist, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export type Decision = 'approve' | 'reject';

/** Approve or Reject with the spec's toasts; a refusal shows the server's message (spec 2 §8). */
export function useDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: Decision }) =>
      apiRequest<WaitlistApplication>('PUT', decision === 'approve' ? adminApi.approve(id) : adminApi.reject(id)),
    onSuccess: (_answer, { decision }) => toast({ title: decision === 'approve' ? adminMessages.approved : adminMessages.rejected }),
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: 'Error', description: serverMessage(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    },
    // Decided or not (another admin may have been first), the list shows what the server holds.
    onSettled: () => client.invalidateQueries({ queryKey: waitlistKey }),
  });
}
