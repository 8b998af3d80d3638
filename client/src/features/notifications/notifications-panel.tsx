import { BellOff, CheckCheck } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useInfiniteScroll } from '@/features/files/use-infinite-scroll';
import { cn } from '@/lib/utils';
import { NotificationItem } from './notification-item';
import { useMarkAllRead, useNotificationList, useUnreadCount } from './notification-queries';

/** Lists load their next page within 500 px of the bottom. */
const SCROLL_THRESHOLD_PX = 500;

/**
 * The unread count badge; on hover or focus, while any are unread, it reads 'Mark as read' and
 * marks them all.
 */
function UnreadBadge({ count }: { count: number }) {
  const markAll = useMarkAllRead();
  if (count === 0) {
    return <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-medium text-muted-foreground">0</span>;
  }
  return (
    <button
      type="button"
      onClick={() => markAll.mutate()}
      disabled={markAll.isPending}
      aria-label={`${count} unread, mark as read`}
      className={cn(
        'group/badge inline-flex h-7 min-w-7 cursor-pointer items-center justify-center gap-1 rounded-full bg-primary px-2.5 text-xs font-semibold text-primary-foreground transition-colors',
        'hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:opacity-60',
      )}
    >
      <span className="tabular-nums group-hover/badge:hidden group-focus-visible/badge:hidden">{count}</span>
      <span className="hidden items-center gap-1 group-hover/badge:inline-flex group-focus-visible/badge:inline-flex">
        <CheckCheck className="size-3.5" aria-hidden />
        Mark as read
      </span>
    </button>
  );
}

/** The Notifications panel of /notifications: every item, newest first, with infinite scroll. */
export function NotificationsPanel() {
  const list = useNotificationList();
  const unread = useUnreadCount();
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  useInfiniteScroll({
    hasMore: Boolean(list.hasNextPage),
    isFetching: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    threshold: SCROLL_THRESHOLD_PX,
    itemCount: items.length,
  });

  return (
    <section aria-labelledby="notifications-heading" className="rounded-2xl border border-border/70 bg-card shadow-sm">
      <header className="flex items-center justify-between gap-3 border-b border-border/70 px-4 py-3 sm:px-5">
        <h2 id="notifications-heading" className="text-lg font-semibold tracking-tight">
          Notifications
        </h2>
        <UnreadBadge count={unread} />
      </header>
      {list.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : list.isError && !items.length ? (
        <p className="px-5 py-12 text-center text-sm text-muted-foreground">Failed to fetch notifications</p>
      ) : items.length === 0 ? (
        <EmptyState icon={BellOff} title="No notifications" text="You're all caught up!" className="py-16 sm:py-16" />
      ) : (
        <ul className="space-y-1 p-2" aria-label="Notifications">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      {list.isFetchingNextPage && (
        <div className="flex justify-center pb-4">
          <Spinner />
        </div>
      )}
    </section>
  );
}
