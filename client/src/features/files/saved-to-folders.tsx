import { Bookmark } from 'lucide-react';
import { useState } from 'react';
import type { FileDto } from '@contract/files';
import { Button } from '@/components/ui/button';
import { SavedToList } from '@/features/folders/saved-to-list';
import { SaveToFolderDialog } from '@/features/folders/save-to-folder-dialog';
import { useFileFolders } from '@/features/folders/use-folders';

/** How many folders the viewer sees holding the file, for the 'Saved to (n)' tab. */
export function useSavedFolderCount(fileId: number): number {
  return useFileFolders(fileId).data?.length ?? 0;
}

/** The detail pane's Save button, opening the Save to Folder dialog. */
export function SaveFileButton({ file }: { file: Pick<FileDto, 'id' | 'name'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Bookmark aria-hidden />
        Save
      </Button>
      <SaveToFolderDialog fileId={file.id} fileName={file.name} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** The 'Saved to' tab: the file's folders (`listFileFolders`). */
export function SavedToFolders({ file, onNavigate }: { file: Pick<FileDto, 'id' | 'name'>; onNavigate?: () => void }) {
  const folders = useFileFolders(file.id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <SavedToList folders={folders.data} isLoading={folders.isPending} onSave={() => setOpen(true)} onNavigate={onNavigate} />
      <SaveToFolderDialog fileId={file.id} fileName={file.name} open={open} onOpenChange={setOpen} />
    </>
  );
}
