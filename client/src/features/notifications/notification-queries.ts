import { useLocation } from 'wouter';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@contract/limits';
import type { NotificationDto, NotificationPage } from '@contract/notifications';
import { screens } from '@contract/screens';
import { toast } from '@/components/ui/use-toast';
import { call, endpointKey } from '@/lib/call';
import { FALLBACK_POLL_MS, useLiveConnected, useLiveEvent } from '@/lib/live-events';
import { failureToast } from '@/features/folders/folder-toasts';
import { myFoldersKey } from '@/features/folders/folder-queries';

/** Every notifications query starts with this, so one invalidation refreshes the bell and the list. */
export const NOTIFICATIONS_KEY = endpointKey('listNotifications');
const unreadKey = endpointKey('listNotifications', { query: { limit: 1 } });
const listKey = endpointKey('listNotifications', { query: { limit: PAGE_SIZE } });

/** The spec's 5 s poll, only while the live stream is down (it pushes changes otherwise). */
function usePollWhileOffline(): number | false {
  return useLiveConnected() ? false : FALLBACK_POLL_MS;
}

/** The bell's count: the first item only, for its `unreadCount`. */
export function useUnreadCount(): number {
  const refetchInterval = usePollWhileOffline();
  const { data } = useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => call('listNotifications', { query: { limit: 1 } }, { signal }).then((p) => p.unreadCount),
    refetchInterval,
  });
  return data ?? 0;
}

/** The panel's list, 20 items a page, newest first. */
export function useNotificationList() {
  const refetchInterval = usePollWhileOffline();
  return useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) => call('listNotifications', { query: { offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.notifications.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE),
    refetchInterval,
  });
}

function setUnread(client: QueryClient, unreadCount: number) {
  client.setQueryData(unreadKey, unreadCount);
}

/**
 * Mounted once for a signed-in member: a new notification refreshes the bell and the list; an
 * `unread` event (this or another tab marked items read) sets the badge and refreshes the list.
 */
export function useNotificationsLive(): void {
  const client = useQueryClient();
  useLiveEvent('notification', () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }));
  useLiveEvent('unread', ({ notifications: count }) => {
    // Absent when the messages module sent its own count.
    if (count === undefined) return;
    if (client.getQueryData(unreadKey) !== count) void client.invalidateQueries({ queryKey: listKey });
    setUnread(client, count);
  });
}

/** Marks one item read (a group: all of it); the list shows it read at once. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: NotificationDto) => call('markNotificationRead', { params: { id: item.id } }),
    onSuccess: (answer, item) => {
      setUnread(client, answer.unreadCount);
      client.setQueryData<{ pages: NotificationPage[] }>(listKey, (data) =>
        data && { ...data, pages: data.pages.map((p) => ({ ...p, notifications: p.notifications.map((n) => (n.id === item.id ? { ...n, isRead: true } : n)) })) },
      );
    },
    onError: (error) => failureToast(error, 'Failed to mark notification as read'),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('markAllNotificationsRead'),
    onSuccess: (answer) => {
      setUnread(client, answer.unreadCount);
      void client.invalidateQueries({ queryKey: listKey });
      toast({ title: 'All notifications marked as read' });
    },
    onError: (error) => failureToast(error, 'Failed to mark all notifications as read'),
  });
}

/**
 * Accept or decline from a folder-invite item, by the notification's id. Accepting
 * opens the folder (`/folder/{id}`), as the invite page does.
 */
export function useInviteAnswer() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async ({ item, accept }: { item: NotificationDto; accept: boolean }) => {
      // The invite's accept and decline calls take the item's id in place of the link's token.
      const params = { token: String(item.id) };
      return accept ? await call('acceptInvite', { params }) : await call('declineInvite', { params });
    },
    onSuccess: (answer, { accept }) => {
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      // An accepted invite adds a folder to the member's lists.
      if (accept) void client.invalidateQueries({ queryKey: myFoldersKey });
      toast({ title: accept ? 'Folder invite accepted' : 'Folder invite declined' });
      if (accept && 'folderId' in answer && answer.folderId) navigate(screens.folder(answer.folderId));
    },
    onError: (error, { accept }) => failureToast(error, accept ? 'Failed to accept folder invite' : 'Failed to decline folder invite'),
  });
}
