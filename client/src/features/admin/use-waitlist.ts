import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@contract/admin';
import { PAGE_SIZE } from '@contract/limits';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call, endpointKey } from '@/lib/call';
import { nextOffset } from '@/lib/paging';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';

export const waitlistKey = endpointKey('listWaitlist');

/** The applications, pending first, 20 a page. */
export function useWaitlist() {
  return useInfiniteQuery({
    queryKey: waitlistKey,
    queryFn: ({ pageParam, signal }) => call('listWaitlist', { query: { offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export type Decision = 'approve' | 'reject';

/** Approve or Reject with the spec's toasts; a refusal shows the server's message. */
export function useDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: Decision }) =>
      call(decision === 'approve' ? 'approveApplication' : 'rejectApplication', { params: { id } }),
    onSuccess: (_answer, { decision }) => toast({ title: decision === 'approve' ? adminMessages.approved : adminMessages.rejected }),
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: 'Error', description: serverMessage(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    },
    // Decided or not (another admin may have been first), the list shows what the server holds.
    onSettled: () => client.invalidateQueries({ queryKey: waitlistKey }),
  });
}
