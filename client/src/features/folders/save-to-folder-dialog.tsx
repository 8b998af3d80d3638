import { ArrowLeft, FolderPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorId, FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FolderPickList, savableFolders } from './folder-pick-list';
import { useMyFolders } from './use-folders';
import { useSaveFlow } from './use-save-flow';

/**
 * Save to Folder from a file's detail: the member's folders, a 'Create New
 * Folder' mode with a name and Back, then Cancel / Save to Folder ('Saving...'). Enter submits.
 */
export function SaveToFolderDialog({ fileId, fileName, open, onOpenChange }: { fileId: number; fileName: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Save to Folder</DialogTitle>
          <DialogDescription className="truncate">Choose a folder for “{fileName}”.</DialogDescription>
        </DialogHeader>
        {open && <SaveForm fileId={fileId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SaveForm({ fileId, onDone }: { fileId: number; onDone: () => void }) {
  const folders = useMyFolders();
  const flow = useSaveFlow(fileId, onDone);
  const [mode, setMode] = useState<'pick' | 'create'>('pick');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = savableFolders(folders.data);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(mode === 'create' ? flow.createAndSave(name) : flow.save(options.find((f) => f.id === selectedId)));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {mode === 'pick' ? (
        <>
          <FolderPickList folders={options} isLoading={folders.isPending} selectedId={selectedId} onPick={(folder) => { setSelectedId(folder.id); setError(null); }} disabled={flow.isPending} />
          <Button variant="outline" className="justify-start border-dashed" onClick={() => { setMode('create'); setError(null); }}>
            <FolderPlus aria-hidden />
            Create New Folder
          </Button>
          {error && <p role="alert" className="text-sm font-medium text-destructive">{error}</p>}
        </>
      ) : (
        <div className="grid gap-2">
          <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={() => { setMode('pick'); setError(null); }}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
          <Label htmlFor="save-new-folder">Folder Name</Label>
          <Input
            id="save-new-folder"
            value={name}
            onChange={(event) => { setName(event.target.value); setError(null); }}
            placeholder="New folder name"
            autoComplete="off"
            autoFocus
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId('save-new-folder') : undefined}
          />
          <FieldError id="save-new-folder" message={error ?? undefined} />
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={flow.isPending}>Cancel</Button>
        <Button type="submit" disabled={flow.isPending}>{flow.isPending ? 'Saving...' : 'Save to Folder'}</Button>
      </DialogFooter>
    </form>
  );
}
