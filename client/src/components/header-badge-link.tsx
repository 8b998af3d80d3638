import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { usePreferences } from '@/features/settings/preferences';
import { cn } from '@/lib/utils';

type Props = {
  href: string;
  icon: LucideIcon;
  /** What the link is ("Notifications"); the unread count is added to its accessible name. */
  label: string;
  unread: number;
  badgeTestId: string;
  /**
   * `page`: the screen the member is on (highlighted, `aria-current`); `tint`: a screen that also
   * shows this (the messages icon on /notifications, whose page holds both panels); else none.
   */
  highlight?: 'page' | 'tint';
};

/**
 * A round icon link of the header (the bell, the messages icon) with its live unread badge,
 * hidden when the member hides counters (Settings).
 */
export function HeaderBadgeLink({ href, icon: Icon, label, unread, badgeTestId, highlight }: Props) {
  const { hideNotificationCounter } = usePreferences();
  const showBadge = unread > 0 && !hideNotificationCounter;
  return (
    <Link
      href={href}
      aria-label={unread > 0 ? `${label}, ${unread} unread` : label}
      aria-current={highlight === 'page' ? 'page' : undefined}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative rounded-full', highlight === 'page' && 'bg-accent', highlight && 'text-accent-foreground')}
    >
      <Icon className="size-5" aria-hidden />
      {showBadge && (
        <span
          data-testid={badgeTestId}
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-gradient px-1 text-[11px] leading-none font-semibold text-white tabular-nums shadow-sm ring-2 ring-background"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
