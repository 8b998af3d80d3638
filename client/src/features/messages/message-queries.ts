import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { messageMessages, type ConversationDto, type MessageDto } from '@contract/messages';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call, endpointKey } from '@/lib/call';
import { FALLBACK_POLL_MS, useLiveConnected, useLiveEvent } from '@/lib/live-events';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';
import { PAGE_SIZE } from '@contract/limits';
import { counterpartOf, nextConversationCursor, nextThreadCursor, withNewMessage } from './message-rules';

// Query keys of the messages feature: the conversation list and one thread per member.
export const conversationsKey = endpointKey('listConversations');
export const threadKey = (userId: number) => endpointKey('getMessageThread', { params: { userId } });

type Pages<T> = InfiniteData<T[], number | undefined>;

/** The spec's 5 s poll, only while the live stream is down. */
function usePollInterval(): number | false {
  return useLiveConnected() ? false : FALLBACK_POLL_MS;
}

/** The viewer's conversations, newest first, 20 a page by cursor. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: conversationsKey,
    queryFn: ({ pageParam, signal }) => call('listConversations', { query: { before: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextConversationCursor,
    refetchInterval: usePollInterval(),
  });
}

/** The thread with `userId`, newest page first; reading it marks it read on the server. */
export function useThread(userId: number) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: threadKey(userId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await call('getMessageThread', { params: { userId }, query: { before: pageParam, limit: PAGE_SIZE } }, { signal });
      // The server marked the thread read: its count in the list goes at once, not at the next refresh.
      client.setQueryData<Pages<ConversationDto>>(conversationsKey, (data) =>
        data && { ...data, pages: data.pages.map((p) => p.map((c) => (c.userId === userId && c.unreadCount ? { ...c, unreadCount: 0 } : c))) },
      );
      return page;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextThreadCursor,
    refetchInterval: usePollInterval(),
    retry: false,
  });
}

/** Puts a message on its thread's newest page, if that thread is loaded. */
function addToThread(client: ReturnType<typeof useQueryClient>, threadUserId: number, message: MessageDto): boolean {
  let added = false;
  client.setQueryData<Pages<MessageDto>>(threadKey(threadUserId), (data) => {
    if (!data) return data;
    added = true;
    return { ...data, pages: withNewMessage(data.pages, message) };
  });
  return added;
}

/** 'Failed to send message' with the server's reason; a lost session goes to sign in. */
export function sendFailedToast(error: unknown): void {
  if (isUnauthorizedError(error)) return handleUnauthorized();
  toast({ title: messageMessages.sendFailed, description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
}

/** `sendMessage`; the message shows in its thread at once and the list reorders. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { recipientId: number; content: string }) => call('sendMessage', { body: { ...body, content: body.content.trim() } }),
    onSuccess: (message) => {
      addToThread(client, message.recipientId, message);
      void client.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}

/**
 * New messages without a reload: a message event lands in its thread and refreshes the list;
 * one the open thread received is re-read so the server marks it read. An unread event (the
 * thread was opened in another tab) refreshes the list's counts.
 */
export function useMessagesLive(viewerId: number, openUserId: number | null) {
  const client = useQueryClient();
  useLiveEvent('message', (message) => {
    const other = counterpartOf(message, viewerId);
    addToThread(client, other, message);
    if (other === openUserId && message.recipientId === viewerId) void client.invalidateQueries({ queryKey: threadKey(other) });
    void client.invalidateQueries({ queryKey: conversationsKey });
  });
  useLiveEvent('unread', () => void client.invalidateQueries({ queryKey: conversationsKey }));
}
