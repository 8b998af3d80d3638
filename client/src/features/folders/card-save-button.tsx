import { Bookmark, Plus } from 'lucide-react';
import { useState, type FormEvent, type MouseEvent } from 'react';
import type { FileDto } from '@contract/files';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorId, FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { FolderPickList, savableFolders } from './folder-pick-list';
import { useMyFolders } from './use-folders';
import { useSaveFlow } from './use-save-flow';

/** The round Save button over a card, opening the card's save dialog. */
export function CardSaveButton({ file, className }: { file: Pick<FileDto, 'id' | 'name'>; className?: string }) {
  const [open, setOpen] = useState(false);
  // The dialog is mounted once first opened (then kept, so it closes with its animation): a grid
  // renders one Save button per card, and its first screen does without the dialogs.
  const [asked, setAsked] = useState(false);
  function onClick(event: MouseEvent) {
    event.stopPropagation();
    setAsked(true);
    setOpen(true);
  }
  return (
    <>
      <button
        type="button"
        onClick={onClick}
        aria-label={`Save ${file.name} to a folder`}
        className={cn(
          'inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow-md backdrop-blur transition',
          'hover:scale-105 hover:bg-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none',
          className,
        )}
      >
        <Bookmark className="size-4" aria-hidden />
      </button>
      {/* Clicks inside the dialog must not reach the card, which would open the file. */}
      {asked && (
        <div onClick={(event) => event.stopPropagation()} className="contents">
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent className="max-w-sm" onClick={(event) => event.stopPropagation()}>
              <DialogHeader>
                <DialogTitle>Save to Folder</DialogTitle>
                <DialogDescription className="truncate">{file.name}</DialogDescription>
              </DialogHeader>
              {open && <CardSaveBody fileId={file.id} onDone={() => setOpen(false)} />}
            </DialogContent>
          </Dialog>
        </div>
      )}
    </>
  );
}

/** A click on a folder saves at once; 'Create new folder:' with 'Create & Save' (Enter too) creates then saves. */
function CardSaveBody({ fileId, onDone }: { fileId: number; onDone: () => void }) {
  const folders = useMyFolders();
  const flow = useSaveFlow(fileId, onDone);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(flow.createAndSave(name));
  }

  return (
    <div className="grid gap-4">
      <FolderPickList folders={savableFolders(folders.data)} isLoading={folders.isPending} onPick={(folder) => flow.save(folder)} disabled={flow.isPending} />
      <form onSubmit={onSubmit} noValidate className="grid gap-2 border-t pt-4">
        <Label htmlFor={`card-new-folder-${fileId}`}>Create new folder:</Label>
        <div className="flex gap-2">
          <Input
            id={`card-new-folder-${fileId}`}
            value={name}
            onChange={(event) => { setName(event.target.value); setError(null); }}
            placeholder="Folder name"
            autoComplete="off"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId(`card-new-folder-${fileId}`) : undefined}
          />
          <Button type="submit" disabled={flow.isPending}>
            <Plus aria-hidden />
            Create &amp; Save
          </Button>
        </div>
        <FieldError id={`card-new-folder-${fileId}`} message={error ?? undefined} />
      </form>
    </div>
  );
}
