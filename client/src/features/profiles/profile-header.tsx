import { format } from 'date-fns';
import { CalendarDays, Settings } from 'lucide-react';
import { Link } from 'wouter';
import type { UserProfile } from '@contract/users';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { ProfileActions } from './profile-actions';
import { ProfileAvatar } from './profile-avatar';
import { profileDisplayName } from './profile-name';
import type { PeopleKind } from './profile-queries';
import { ProfileStats } from './profile-stats';
import { ShareButton } from '@/components/share-button';
import { profileTitle } from '@contract/page-titles';

/**
 * Avatar (initials fallback), name, @username, bio, the four counts, and
 * Follow/Unfollow + Message on another member's profile (Edit profile on one's own).
 */
export function ProfileHeader({ profile, onOpenPeople }: { profile: UserProfile; onOpenPeople: (kind: PeopleKind) => void }) {
  const name = profileDisplayName(profile);
  return (
    <header className="relative">
      <div aria-hidden className="h-28 rounded-b-3xl bg-brand-gradient opacity-90 sm:h-40 sm:rounded-3xl dark:opacity-70" />
      <div className="-mt-14 flex flex-col items-center gap-4 px-4 text-center sm:-mt-16">
        <ProfileAvatar
          user={profile}
          className="size-28 shadow-lg ring-4 ring-background sm:size-32"
          fallbackClassName="text-3xl sm:text-4xl"
        />
        <div className="grid max-w-2xl gap-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
          <p className="text-sm font-medium text-muted-foreground">@{profile.username}</p>
        </div>
        {profile.bio && <p className="max-w-xl text-[15px] leading-relaxed break-words whitespace-pre-wrap text-foreground/85">{profile.bio}</p>}
        <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <CalendarDays className="size-3.5" aria-hidden />
          Joined {format(new Date(profile.createdAt), 'MMMM yyyy')}
        </p>
        <ProfileStats profile={profile} onOpenPeople={onOpenPeople} />
        <div className="flex flex-wrap items-center justify-center gap-2">
          {profile.isSelf ? (
            <Button asChild variant="outline" className="rounded-full">
              <Link href={screens.settings()}><Settings aria-hidden />Edit profile</Link>
            </Button>
          ) : (
            <ProfileActions profile={profile} />
          )}
          <ShareButton path={screens.profile(profile.id)} title={profileTitle(name, profile.username)} size="default" />
        </div>
      </div>
    </header>
  );
}
