import { MessageCircle } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { usePreferences } from '@/features/settings/preferences';
import { cn } from '@/lib/utils';
import { useUnreadMessages } from './use-unread-messages';

/**
 * The header's messages icon beside the bell: opens the Messages panel, with a badge of unread
 * messages that appears live on any screen, unless the member hides counters (Settings).
 */
export function MessagesLink() {
  const [location] = useLocation();
  const unread = useUnreadMessages();
  const { hideNotificationCounter } = usePreferences();
  const showBadge = unread > 0 && !hideNotificationCounter;
  return (
    <Link
      href="/notifications?tab=messages"
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative rounded-full', location === '/notifications' && 'text-accent-foreground')}
    >
      <MessageCircle className="size-5" aria-hidden />
      {showBadge && (
        <span
          data-testid="messages-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-gradient px-1 text-[11px] leading-none font-semibold text-white tabular-nums shadow-sm ring-2 ring-background"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
