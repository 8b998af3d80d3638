import type { CurrentUser } from '@contract/users';
import { screenPaths, screens } from '@contract/screens';
import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { MessagesLink } from '@/features/messages/messages-link';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { cn } from '@/lib/utils';
import { HeaderSearch } from './header-search';
import { Logo } from '@/components/logo';
import { UserMenu } from './user-menu';

/**
 * The signed-in header: logo, Explore, search, then `actions` (the upload button),
 * the messages icon and the notification bell, each with its unread badge, and the avatar menu.
 */
export function AppHeader({ user, actions, onCreateFolder }: { user: CurrentUser; actions?: ReactNode; onCreateFolder?: () => void }) {
  const [location] = useLocation();
  const exploring = location === screenPaths.search;
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur-xl supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-[1600px] items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link href={screens.home()} aria-label="Kaleido home" className="shrink-0 rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Logo markClassName="size-8" className="[&>span:last-child]:hidden sm:[&>span:last-child]:inline" />
        </Link>
        <Link
          href={screens.search()}
          aria-current={exploring ? 'page' : undefined}
          className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'h-9 rounded-full px-3 text-sm', exploring && 'bg-accent text-accent-foreground')}
        >
          <Compass aria-hidden />
          Explore
        </Link>
        <div className="mx-auto hidden max-w-xl flex-1 md:block">
          <HeaderSearch />
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          {actions}
          <MessagesLink />
          <NotificationBell />
          <UserMenu user={user} onCreateFolder={onCreateFolder} />
        </div>
      </div>
    </header>
  );
}
