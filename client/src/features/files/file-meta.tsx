import { Hash } from 'lucide-react';
import { Link } from 'wouter';
import type { FileDto } from '@contract/files';
import { screens } from '@contract/screens';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { displayName, initials } from '@/lib/user-display';
import { cn } from '@/lib/utils';
import { tagSearchHref } from '@/features/search/search-params';

type Person = FileDto['user'];

export function PersonAvatar({ user, className }: { user: Person; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback className="text-xs">{initials(user)}</AvatarFallback>
    </Avatar>
  );
}

/** The owner's avatar and name, linking to their profile, with a line under the name. */
export function OwnerLink({ user, subtitle, onNavigate }: { user: Person; subtitle: string; onNavigate?: () => void }) {
  return (
    <Link
      href={screens.profile(user.id)}
      onClick={onNavigate}
      className="group/owner flex min-w-0 items-center gap-3 rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <PersonAvatar user={user} className="size-10" />
      <span className="grid min-w-0">
        <span className="truncate font-semibold group-hover/owner:underline">{displayName(user)}</span>
        <span className="truncate text-xs text-muted-foreground">{subtitle}</span>
      </span>
    </Link>
  );
}

/** Clickable tag chips: each goes to search with the tag as the term. */
export function TagChips({ tags, onNavigate, className }: { tags: readonly string[]; onNavigate?: () => void; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            href={tagSearchHref(tag)}
            onClick={onNavigate}
            className="inline-flex h-7 items-center gap-0.5 rounded-full bg-accent px-2.5 text-xs font-medium text-accent-foreground transition-colors hover:bg-primary hover:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Hash className="size-3" aria-hidden />
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
