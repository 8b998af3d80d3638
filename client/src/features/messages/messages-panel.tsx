import { MessageCircle, PenSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { ConversationList } from './conversation-list';
import { MessageThread } from './message-thread';
import { useMessagesLive } from './message-queries';
import { NewMessageDialog } from './new-message-dialog';

/**
 * The messages half of /notifications: the conversation list and the open thread
 * side by side when the panel is wide enough, one at a time when it is not (a container
 * query, so it fits a half-width column as well as a phone). `userId` (the page's `?user=`)
 * opens that member's thread, even before any message exists.
 */
export function MessagesPanel({ userId }: { userId?: number }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [selected, setSelected] = useState<number | null>(userId ?? null);
  const [composing, setComposing] = useState(false);

  useEffect(() => {
    if (userId !== undefined) setSelected(userId);
  }, [userId]);
  useMessagesLive(user?.id ?? 0, selected);

  if (!user) return null;
  // The address keeps the open thread, so a reload or a shared link lands on it.
  function open(id: number | null) {
    setSelected(id);
    navigate(screens.notifications(id === null ? undefined : { user: id }), { replace: true });
  }

  return (
    <section aria-labelledby="messages-heading" className="@container flex h-[min(44rem,calc(100dvh-9rem))] min-h-[26rem] flex-col overflow-hidden rounded-2xl border bg-card shadow-sm">
      <div className="flex min-h-0 flex-1">
        <div className={cn('min-h-0 w-full flex-col @lg:flex @lg:w-60 @lg:shrink-0 @lg:border-r @3xl:w-72', selected === null ? 'flex' : 'hidden')}>
          <header className="flex items-center gap-2 border-b px-3 py-2.5">
            <MessageCircle className="size-5 text-primary" aria-hidden />
            <h2 id="messages-heading" className="font-semibold tracking-tight">
              Messages
            </h2>
            {/* A narrow list beside the thread keeps the icon only; the name stays for screen readers. */}
            <Button size="sm" variant="outline" className="ml-auto" title="New Message" onClick={() => setComposing(true)}>
              <PenSquare aria-hidden />
              <span className="@lg:sr-only @3xl:not-sr-only">New Message</span>
            </Button>
          </header>
          <ConversationList viewerId={user.id} selected={selected} onSelect={open} />
        </div>
        <div className={cn('min-h-0 min-w-0 flex-1 @lg:flex', selected === null ? 'hidden' : 'flex')}>
          {selected === null ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
              <MessageCircle className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-medium">Select a conversation</p>
              <p className="text-sm text-muted-foreground">Choose someone on the left or start a new message.</p>
            </div>
          ) : (
            <MessageThread key={selected} userId={selected} viewerId={user.id} onBack={() => open(null)} />
          )}
        </div>
      </div>
      <NewMessageDialog open={composing} onOpenChange={setComposing} viewerId={user.id} onSent={open} />
    </section>
  );
}
