import { FolderOpen, FolderPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { savableFolders } from './folder-pick-list';
import { failureToast, savedToast } from './folder-toasts';
import { useSaveFileToFolder } from './use-folder-mutations';
import { useFileFolders, useMyFolders } from './use-folders';

/** The file page's Add to Folder selector: Add is enabled only once a folder is chosen. */
export function AddToFolder({ fileId }: { fileId: number }) {
  const folders = useMyFolders();
  const inFolders = useFileFolders(fileId);
  const saving = useSaveFileToFolder();
  const [choice, setChoice] = useState('');
  const held = new Set((inFolders.data ?? []).map((folder) => folder.id));
  const options = savableFolders(folders.data).filter((folder) => !held.has(folder.id));

  function add() {
    const folder = options.find((f) => String(f.id) === choice);
    if (!folder) return;
    saving.mutate(
      { fileId, folderId: folder.id },
      {
        onSuccess: () => {
          setChoice('');
          savedToast(folder, false);
        },
        onError: (error) => failureToast(error, 'Failed to add file to folder'),
      },
    );
  }

  return (
    <div className="space-y-2">
      <label htmlFor="add-to-folder" className="text-sm font-semibold">Add to Folder</label>
      <div className="flex gap-2">
        <select
          id="add-to-folder"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          disabled={folders.isPending || options.length === 0}
          className={cn(fieldClasses, 'h-10 flex-1 cursor-pointer py-2')}
        >
          <option value="">{folders.isPending ? 'Loading folders...' : options.length === 0 ? 'No folders to add to' : 'Choose a folder'}</option>
          {options.map((folder) => (
            <option key={folder.id} value={folder.id}>{folder.name}</option>
          ))}
        </select>
        <Button onClick={add} disabled={!choice || saving.isPending}>
          <FolderPlus aria-hidden />
          {saving.isPending ? 'Adding...' : 'Add'}
        </Button>
      </div>
    </div>
  );
}

/** 'In Folders': a badge per folder holding the file, each linking to /folder/{id}. */
export function InFolders({ fileId }: { fileId: number }) {
  const folders = useFileFolders(fileId);
  return (
    <section aria-labelledby="in-folders-heading" className="space-y-2">
      <h2 id="in-folders-heading" className="text-sm font-semibold">In Folders</h2>
      {folders.data && folders.data.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5">
          {folders.data.map((folder) => (
            <li key={folder.id}>
              <Link
                href={screens.folder(folder.id)}
                className="inline-flex h-7 items-center gap-1.5 rounded-full border bg-secondary px-3 text-xs font-medium text-secondary-foreground transition-colors hover:bg-primary hover:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <FolderOpen className="size-3.5" aria-hidden />
                {folder.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <FolderOpen className="size-4" aria-hidden />
          {folders.isPending ? 'Loading folders...' : 'Not saved to any folders yet'}
        </p>
      )}
    </section>
  );
}
