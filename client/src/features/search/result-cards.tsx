import { Folder, FolderLock, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { FolderDto } from '@contract/folders';
import type { PublicUser } from '@contract/users';
import { screens } from '@contract/screens';
import { ProfileAvatar } from '@/features/profiles/profile-avatar';
import { visibilityLabel } from '@/features/folders/folder-rules';
import { profileDisplayName } from '@/features/profiles/profile-name';

const CARD =
  'group flex min-w-0 items-center gap-3 rounded-2xl border border-border/70 bg-card p-3 shadow-xs transition-all hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** A member in the results: avatar, name, 'Member since {year}'; links to the profile. */
export function UserResult({ user }: { user: PublicUser }) {
  return (
    <Link href={screens.profile(user.id)} className={CARD} data-testid="user-result">
      <ProfileAvatar user={user} className="size-12" />
      <span className="grid min-w-0">
        <span className="truncate font-semibold group-hover:underline">{profileDisplayName(user, 'Anonymous')}</span>
        <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
        <span className="truncate text-xs text-muted-foreground">Member since {new Date(user.createdAt).getFullYear()}</span>
      </span>
    </Link>
  );
}

const FOLDER_KIND = { Admin: 'Admin folder', Public: 'Public folder', Private: 'Private folder' } as const;

/** A folder in the results: name, 'Public folder', 'by {owner}', description; links to the folder. */
export function FolderResult({ folder }: { folder: FolderDto }) {
  const Icon = { Admin: ShieldCheck, Public: Folder, Private: FolderLock }[visibilityLabel(folder)];
  return (
    <Link href={screens.folder(folder.id)} className={`${CARD} items-start`} data-testid="folder-result">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <span className="grid min-w-0 gap-0.5">
        <span className="truncate font-semibold group-hover:underline">{folder.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {FOLDER_KIND[visibilityLabel(folder)]} · by {profileDisplayName(folder.user, 'Anonymous')}
        </span>
        {folder.description && <span className="line-clamp-2 text-sm text-foreground/80">{folder.description}</span>}
      </span>
    </Link>
  );
}
