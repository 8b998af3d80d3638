import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@contract/limits';
import type { ReportAction } from '@contract/safety';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call, endpointKey } from '@/lib/call';
import { nextOffset } from '@/lib/paging';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';

export const reportsKey = endpointKey('listReports');
export const auditKey = endpointKey('listAuditLog');

/** Open reports grouped by target, oldest first, 20 a page. */
export function useReportQueue() {
  return useInfiniteQuery({
    queryKey: reportsKey,
    queryFn: ({ pageParam, signal }) => call('listReports', { query: { offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

/** The audit log, newest first. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: auditKey,
    queryFn: ({ pageParam, signal }) => call('listAuditLog', { query: { offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

function onModerationError(error: unknown) {
  if (isUnauthorizedError(error)) return handleUnauthorized();
  toast({ title: 'Error', description: serverMessage(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
}

/** One action on a report; every list the action changes is refetched. */
export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action, reason }: { reportId: number; action: ReportAction; reason?: string }) =>
      call('resolveReport', { params: { id: reportId }, body: { action, reason: reason || undefined } }),
    onSuccess: (answer) => toast({ title: answer.message }),
    onError: onModerationError,
    onSettled: () => client.invalidateQueries(),
  });
}

/** Suspend or lift a suspension (the queue, and an admin on a member's profile). */
export function useSuspend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspend, reason }: { userId: number; suspend: boolean; reason?: string }) =>
      call(suspend ? 'suspendUser' : 'unsuspendUser', { params: { id: userId }, body: { reason: reason || undefined } }),
    onSuccess: (answer) => toast({ title: answer.isSuspended ? 'Member suspended' : 'Suspension lifted' }),
    onError: onModerationError,
    onSettled: () => client.invalidateQueries(),
  });
}
