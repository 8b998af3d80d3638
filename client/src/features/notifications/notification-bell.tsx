import { Bell } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { usePreferences } from '@/features/settings/preferences';
import { cn } from '@/lib/utils';
import { useUnreadCount } from './notification-queries';

/** The header bell (spec 2 §2): links to /notifications; the unread badge unless the member hides it. */
export function NotificationBell() {
  const [location] = useLocation();
  const unread = useUnreadCount();
  const { hideNotificationCounter } = usePreferences();
  const showBadge = unread > 0 && !hideNotificationCounter;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      href="/notifications"
      aria-label={label}
      aria-current={location === '/notifications' ? 'page' : undefined}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative rounded-full', location === '/notifications' && 'bg-accent text-accent-foreground')}
    >
      <Bell className="size-5" aria-hidden />
      {showBadge && (
        <span
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-gradient px-1 text-[11px] leading-none font-semibold text-white tabular-nums shadow-sm ring-2 ring-background"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
