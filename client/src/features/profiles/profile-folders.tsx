import { FolderCardGrid } from '@/features/folders/folder-card';
import { useProfileFolders, useSharedFolders } from './profile-queries';

/** The member's folders the viewer may see; the section shows only when there are any. */
export function ProfileFolders({ userId }: { userId: number }) {
  const { data: folders } = useProfileFolders(userId);
  if (!folders || folders.length === 0) return null;
  return (
    <section aria-labelledby="profile-folders" className="space-y-4">
      <h2 id="profile-folders" className="flex items-baseline gap-2 text-lg font-semibold tracking-tight">
        Folders <span className="text-sm font-normal text-muted-foreground tabular-nums">{folders.length}</span>
      </h2>
      <FolderCardGrid folders={folders} />
    </section>
  );
}

/**
 * On the member's own profile: the folders others share with them, so an invite once accepted
 * is found again (decision 030). Shown only when there are any.
 */
export function SharedWithMe({ isSelf }: { isSelf: boolean }) {
  const { data: folders } = useSharedFolders(isSelf);
  if (!isSelf || !folders || folders.length === 0) return null;
  return (
    <section aria-labelledby="profile-shared-folders" className="space-y-4">
      <h2 id="profile-shared-folders" className="flex items-baseline gap-2 text-lg font-semibold tracking-tight">
        Shared with me <span className="text-sm font-normal text-muted-foreground tabular-nums">{folders.length}</span>
      </h2>
      <FolderCardGrid folders={folders} />
    </section>
  );
}
