import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '@contract/users';
import { screens } from '@contract/screens';
import { cn } from '@/lib/utils';
import { ProfileAvatar } from './profile-avatar';
import { profileDisplayName } from './profile-name';

type Person = Pick<PublicUser, 'id' | 'username' | 'firstName' | 'lastName' | 'profileImageUrl'>;

/** One member in a list (followers, following, search results): avatar, name, a line under it; links to the profile. */
export function PersonRow({ user, subtitle, onNavigate, className }: { user: Person; subtitle?: ReactNode; onNavigate?: () => void; className?: string }) {
  return (
    <Link
      href={screens.profile(user.id)}
      onClick={onNavigate}
      className={cn(
        'group flex min-w-0 items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <ProfileAvatar user={user} className="size-11" />
      <span className="grid min-w-0">
        <span className="truncate font-semibold group-hover:underline">{profileDisplayName(user, 'Anonymous')}</span>
        <span className="truncate text-sm text-muted-foreground">{subtitle ?? `@${user.username}`}</span>
      </span>
    </Link>
  );
}
