import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '@/lib/call';
import { FALLBACK_POLL_MS, useLiveConnected, useLiveEvent } from '@/lib/live-events';

export const unreadMessagesKey = endpointKey('getUnreadMessageCount');

/**
 * Messages sent to the member and not opened yet, for the header's and the phone tab's badge.
 * Live like the bell: the server sends an `unread` event carrying `messages` whenever the count
 * changes (a message arrives, a thread is opened in any tab); the spec's 5 s poll only while
 * the stream is down.
 */
export function useUnreadMessages(): number {
  const client = useQueryClient();
  const connected = useLiveConnected();
  const { data } = useQuery({
    queryKey: unreadMessagesKey,
    queryFn: ({ signal }) => call('getUnreadMessageCount', undefined, { signal }).then((r) => r.unreadCount),
    refetchInterval: connected ? false : FALLBACK_POLL_MS,
  });
  useLiveEvent('unread', ({ messages: count }) => {
    // Absent when the notifications module sent its own count.
    if (count !== undefined) client.setQueryData(unreadMessagesKey, count);
  });
  return data ?? 0;
}
