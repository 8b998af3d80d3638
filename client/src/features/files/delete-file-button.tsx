import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FileDto } from '@contract/files';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useDeleteFile } from './use-file-detail';

/** The owner's Delete action, behind a confirmation; `onDeleted` runs once the file is gone. */
export function DeleteFileButton({ file, onDeleted, withLabel = false }: { file: Pick<FileDto, 'id' | 'name'>; onDeleted: () => void; withLabel?: boolean }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteFile(() => {
    setOpen(false);
    onDeleted();
  });

  return (
    <>
      <Button
        variant="ghost"
        size={withLabel ? 'default' : 'icon'}
        onClick={() => setOpen(true)}
        aria-label={withLabel ? undefined : 'Delete file'}
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
      >
        <Trash2 aria-hidden />
        {withLabel && 'Delete'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Delete this file?</DialogTitle>
            <DialogDescription>
              “{file.name}” will be removed for everyone, with its likes and comments. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={deletion.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => deletion.mutate(file.id)} disabled={deletion.isPending}>
              {deletion.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
