import type { UserProfile } from '@contract/users';
import { cn } from '@/lib/utils';
import type { PeopleKind } from './profile-queries';

function Stat({ value, label, onClick }: { value: number; label: string; onClick?: () => void }) {
  const body = (
    <>
      <span className="text-lg font-bold tabular-nums sm:text-xl">{value.toLocaleString('en-US')}</span>
      <span className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</span>
    </>
  );
  const shape = 'flex min-w-0 flex-col items-center gap-0.5 rounded-xl px-2 py-2 sm:px-4';
  if (!onClick) return <div className={shape}>{body}</div>;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      className={cn(shape, 'cursor-pointer transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none')}
    >
      {body}
    </button>
  );
}

/** Followers, following (each opens its list), files and folders. */
export function ProfileStats({ profile, onOpenPeople }: { profile: UserProfile; onOpenPeople: (kind: PeopleKind) => void }) {
  return (
    <div className="grid w-full max-w-md grid-cols-4 gap-1 rounded-2xl border border-border/70 bg-card/60 p-1 shadow-xs" data-testid="profile-stats">
      <Stat value={profile.followersCount} label={profile.followersCount === 1 ? 'Follower' : 'Followers'} onClick={() => onOpenPeople('followers')} />
      <Stat value={profile.followingCount} label="Following" onClick={() => onOpenPeople('following')} />
      <Stat value={profile.fileCount} label={profile.fileCount === 1 ? 'File' : 'Files'} />
      <Stat value={profile.folderCount} label={profile.folderCount === 1 ? 'Folder' : 'Folders'} />
    </div>
  );
}
