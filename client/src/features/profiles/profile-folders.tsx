import { FolderCardGrid } from '@/features/folders/folder-card';
import { useProfileFolders } from './profile-queries';

/** The member's folders the viewer may see; the section shows only when there are any (spec 2 §2). */
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
