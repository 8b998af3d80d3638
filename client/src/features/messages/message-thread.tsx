import { ArrowLeft, MessageCircle } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ProfileAvatar } from '@/features/profiles/profile-avatar';
import { profileDisplayName } from '@/features/profiles/profile-name';
import { useProfile } from '@/features/profiles/profile-queries';
import { LazyReportDialog } from '@/features/safety/lazy-report-dialog';
import { MemberMenu } from '@/features/safety/member-menu';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { chronological } from './message-rules';
import { useThread } from './message-queries';
import { useScrollEnd } from './use-scroll-edge';

/** Closer than this to the bottom, a new message keeps the view pinned to the end. */
const PINNED_PX = 80;

function ThreadHeader({ userId, onBack }: { userId: number; onBack: () => void }) {
  const { data: profile } = useProfile(userId);
  return (
    <div className="flex items-center gap-2 border-b px-2.5 py-2">
      <Button variant="ghost" size="icon-sm" className="@lg:hidden" aria-label="Back to conversations" onClick={onBack}>
        <ArrowLeft aria-hidden />
      </Button>
      {profile && (
        <Link href={screens.profile(profile.id)} className="group flex min-w-0 items-center gap-2.5 rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <ProfileAvatar user={profile} className="size-9" />
          <span className="grid min-w-0">
            <span className="truncate text-sm font-semibold group-hover:underline">{profileDisplayName(profile, 'Anonymous')}</span>
            <span className="truncate text-xs text-muted-foreground">@{profile.username}</span>
          </span>
        </Link>
      )}
      {profile && (
        <MemberMenu member={profile} report={{ type: 'user', id: profile.id, noun: `@${profile.username}` }} label={`More actions for @${profile.username}`} className="ml-auto" onBlocked={onBack} />
      )}
    </div>
  );
}

/**
 * The thread with one member: oldest at the top, own messages on the right; scrolling to the
 * top loads older messages without moving what is on screen; the composer sits underneath.
 * Each of the other member's messages can be reported on its own.
 */
export function MessageThread({ userId, viewerId, onBack }: { userId: number; viewerId: number; onBack: () => void }) {
  const thread = useThread(userId);
  const { data: profile } = useProfile(userId);
  const [reporting, setReporting] = useState<number | null>(null);
  const messages = useMemo(() => chronological(thread.data?.pages ?? []), [thread.data]);
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef<{ oldest?: number; newest?: number; height: number; top: number }>({ height: 0, top: 0 });
  const pinned = useRef(true);

  const loadOlder = () => {
    if (thread.hasNextPage && !thread.isFetchingNextPage) void thread.fetchNextPage();
  };
  const reachTop = useScrollEnd('top', loadOlder);

  // Older messages above keep the view still; a new one at the end follows when the view was at the end or it is ours.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || messages.length === 0) return;
    const oldest = messages[0].id;
    const newest = messages[messages.length - 1];
    const before = seen.current;
    if (before.oldest === undefined) el.scrollTop = el.scrollHeight;
    else if (oldest < before.oldest) el.scrollTop = before.top + (el.scrollHeight - before.height);
    else if (newest.id !== before.newest && (pinned.current || newest.senderId === viewerId)) el.scrollTop = el.scrollHeight;
    seen.current = { oldest, newest: newest.id, height: el.scrollHeight, top: el.scrollTop };
  }, [messages, viewerId]);

  // A first page that does not fill the box gives no scroll to react to: ask for the next.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  useEffect(() => {
    const el = box.current;
    if (el && hasNextPage && !isFetchingNextPage && el.scrollHeight <= el.clientHeight) void fetchNextPage();
  }, [messages.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section aria-label="Conversation" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <ThreadHeader userId={userId} onBack={onBack} />
      <div
        ref={box}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-3"
        onScroll={(event) => {
          const el = event.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_PX;
          seen.current = { ...seen.current, height: el.scrollHeight, top: el.scrollTop };
          reachTop(event);
        }}
      >
        {thread.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading messages" />
          </div>
        ) : thread.isError ? (
          <p className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">This conversation is not available.</p>
        ) : messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-center">
            <MessageCircle className="size-8 text-muted-foreground" aria-hidden />
            <p className="text-sm text-muted-foreground">No messages yet. Start a conversation!</p>
          </div>
        ) : (
          <>
            {thread.isFetchingNextPage && (
              <div className="flex justify-center pb-2">
                <Spinner className="size-4" label="Loading older messages" />
              </div>
            )}
            <ol aria-label="Messages" className="grid gap-2.5">
              {messages.map((message) => (
                <MessageBubble key={message.id} message={message} own={message.senderId === viewerId} onReport={() => setReporting(message.id)} />
              ))}
            </ol>
          </>
        )}
      </div>
      {!thread.isError && <MessageComposer recipientId={userId} onSent={() => (pinned.current = true)} />}
      <LazyReportDialog
        target={{ type: 'message', id: reporting ?? 0, noun: 'message' }}
        author={profile ? { id: profile.id, username: profile.username } : null}
        open={reporting !== null}
        onOpenChange={(open) => !open && setReporting(null)}
      />
    </section>
  );
}
