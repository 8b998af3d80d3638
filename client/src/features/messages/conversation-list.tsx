import { MessagesSquare } from 'lucide-react';
import type { ConversationDto } from '@contract/messages';
import { Spinner } from '@/components/ui/spinner';
import { relativeAge } from '@/features/files/format';
import { ProfileAvatar } from '@/features/profiles/profile-avatar';
import { cn } from '@/lib/utils';
import { conversationName, lastMessagePreview } from './message-rules';
import { useConversations } from './message-queries';
import { useScrollEnd } from './use-scroll-edge';

function ConversationRow({ c, viewerId, active, onSelect }: { c: ConversationDto; viewerId: number; active: boolean; onSelect: (id: number) => void }) {
  const name = conversationName(c);
  const unread = c.unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(c.userId)}
        aria-current={active ? 'true' : undefined}
        className={cn(
          'flex w-full cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2.5 text-left transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          active && 'bg-accent',
        )}
      >
        <ProfileAvatar user={{ firstName: c.userFirstName, lastName: c.userLastName, profileImageUrl: c.userProfileImageUrl }} className="size-10" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn('truncate text-sm', unread ? 'font-semibold' : 'font-medium')}>{name}</span>
            <time dateTime={c.lastMessageTime} className="ml-auto shrink-0 text-xs text-muted-foreground">
              {relativeAge(c.lastMessageTime)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('truncate text-xs', unread ? 'text-foreground' : 'text-muted-foreground')}>{lastMessagePreview(c, viewerId)}</span>
            {unread && (
              <span className="ml-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground">
                <span className="sr-only">Unread: </span>
                {c.unreadCount > 99 ? '99+' : c.unreadCount}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The viewer's conversations, newest first; more load near the bottom of the list. */
export function ConversationList({ viewerId, selected, onSelect }: { viewerId: number; selected: number | null; onSelect: (id: number) => void }) {
  const query = useConversations();
  const conversations = query.data?.pages.flat() ?? [];
  const onScroll = useScrollEnd('bottom', () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  });

  if (query.isPending) {
    return (
      <div className="flex flex-1 justify-center py-10">
        <Spinner label="Loading conversations" />
      </div>
    );
  }
  if (query.isError) {
    return <p className="px-4 py-10 text-center text-sm text-muted-foreground">Could not load conversations.</p>;
  }
  if (conversations.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-4 py-10 text-center">
        <MessagesSquare className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No conversations yet</p>
        <p className="text-sm text-muted-foreground">Start one with New Message.</p>
      </div>
    );
  }
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-1.5" onScroll={onScroll}>
      <ul aria-label="Conversations" className="space-y-0.5">
        {conversations.map((c) => (
          <ConversationRow key={c.userId} c={c} viewerId={viewerId} active={c.userId === selected} onSelect={onSelect} />
        ))}
      </ul>
      {query.isFetchingNextPage && (
        <div className="flex justify-center py-2">
          <Spinner className="size-4" label="Loading more conversations" />
        </div>
      )}
    </div>
  );
}
