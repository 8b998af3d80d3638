import { FolderPlus, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useProfile } from '@/features/profiles/profile-queries';
import { firstRunHidden, hideFirstRun } from './suggestion-queries';

const CreateFolderDialog = lazy(() => import('@/features/folders/create-folder-dialog').then((m) => ({ default: m.CreateFolderDialog })));

/**
 * The member's counts the folder hint is shown by, unless they closed it on this browser: the
 * feed asks for them beside its first page and paints once both are in, so the hint never
 * pushes a painted grid down.
 */
export function useFolderHintCounts() {
  const { user } = useAuth();
  return useProfile(user?.id ?? 0, Boolean(user) && !firstRunHidden('folder-hint'));
}

/**
 * After a member's first upload, while they have no folder: a line suggesting one, with the
 * Create New Folder dialog one click away (decision 030). Closed for good once they close it.
 */
export function FolderHint() {
  const { user } = useAuth();
  const [hidden, setHidden] = useState(() => firstRunHidden('folder-hint'));
  const [creating, setCreating] = useState(false);
  const { data: profile } = useFolderHintCounts();
  if (hidden || !user || !profile || profile.fileCount === 0 || profile.folderCount > 0) return null;
  const close = () => {
    hideFirstRun('folder-hint');
    setHidden(true);
  };
  return (
    <aside aria-label="Make a folder" className="flex flex-wrap items-center gap-3 rounded-2xl border border-primary/25 bg-primary/5 p-3 sm:p-4" data-testid="folder-hint">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary"><FolderPlus className="size-5" aria-hidden /></span>
      <p className="min-w-0 flex-1 basis-56 text-sm">
        <span className="font-semibold">Your first upload is in.</span> Make a folder to keep files together and share them with friends.
      </p>
      <div className="ml-auto flex items-center gap-1">
        <Button size="sm" onClick={() => setCreating(true)}>New folder</Button>
        <Button variant="ghost" size="icon-sm" aria-label="Hide this hint" onClick={close}><X aria-hidden /></Button>
      </div>
      {creating && (
        <Suspense fallback={null}>
          <CreateFolderDialog open={creating} onOpenChange={setCreating} onCreated={close} />
        </Suspense>
      )}
    </aside>
  );
}
