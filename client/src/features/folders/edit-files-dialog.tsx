import { useQuery } from '@tanstack/react-query';
import { Check, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { FileDto } from '@contract/files';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { CardMedia } from '@/features/files/card-media';
import { endpointQuery } from '@/lib/call';
import { cn } from '@/lib/utils';
import { EDIT_FILES_LIMIT, editFilesActionLabel, editFilesChanges } from './folder-rules';
import type { FolderDto } from './folder-types';
import { useUpdateFolderFiles } from './use-folder-mutations';

/** 'Manage Folder Files': the member's own files (up to 100) with checkboxes; tiles marked In Folder, Add or Remove. */
export function EditFilesDialog({ folder, userId, open, onOpenChange }: { folder: FolderDto; userId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] max-w-3xl flex-col">
        <DialogHeader>
          <DialogTitle>Manage Folder Files</DialogTitle>
          <DialogDescription>Tick the files that belong in “{folder.name}”.</DialogDescription>
        </DialogHeader>
        {open && <EditFilesBody folder={folder} userId={userId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditFilesBody({ folder, userId, onDone }: { folder: FolderDto; userId: number; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const mine = useQuery(endpointQuery('listUserFiles', { params: { id: userId }, query: { offset: 0, limit: EDIT_FILES_LIMIT, search: search.trim() || undefined } }));
  const held = useQuery({ ...endpointQuery('listFolderFiles', { params: { id: folder.id }, query: { offset: 0, limit: EDIT_FILES_LIMIT } }), staleTime: 0 });
  const inFolder = useMemo(() => new Set((held.data ?? []).map((file) => file.id)), [held.data]);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const update = useUpdateFolderFiles(folder.id);

  useEffect(() => {
    if (held.data && selected === null) setSelected(new Set(inFolder));
  }, [held.data, inFolder, selected]);

  const chosen = selected ?? inFolder;
  const changes = editFilesChanges(inFolder, chosen);
  const label = editFilesActionLabel(changes.add.length, changes.remove.length);

  function toggle(id: number) {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  }

  return (
    <>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search your files..." aria-label="Search your files" className="pl-9" />
      </div>
      <div className="min-h-40 overflow-y-auto pr-1">
        {mine.isPending || held.isPending ? (
          <div className="flex justify-center py-12"><Spinner label="Loading files" /></div>
        ) : mine.isError ? (
          <p role="alert" className="py-12 text-center text-sm text-destructive">Failed to fetch user files</p>
        ) : (mine.data ?? []).length === 0 ? (
          <p className="py-12 text-center text-sm text-muted-foreground">No files found</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {(mine.data ?? []).map((file) => (
              <li key={file.id}>
                <FileTile file={file} checked={chosen.has(file.id)} held={inFolder.has(file.id)} onToggle={() => toggle(file.id)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>Cancel</Button>
        <Button
          disabled={label === 'No Changes' || update.isPending}
          onClick={() => update.mutate(changes, { onSuccess: onDone })}
        >
          {update.isPending ? 'Updating...' : label}
        </Button>
      </DialogFooter>
    </>
  );
}

function FileTile({ file, checked, held, onToggle }: { file: FileDto; checked: boolean; held: boolean; onToggle: () => void }) {
  const mark = held && checked ? 'In Folder' : !held && checked ? 'Add' : held && !checked ? 'Remove' : null;
  return (
    <label className={cn('group relative block cursor-pointer overflow-hidden rounded-xl border-2 transition-colors', checked ? 'border-primary' : 'border-transparent hover:border-border')}>
      <input type="checkbox" checked={checked} onChange={onToggle} className="peer sr-only" aria-label={file.name} />
      {/* The picture repeats the name under it and on the checkbox: hidden from screen readers. */}
      <div className="pointer-events-none max-h-40 overflow-hidden [&>*]:!min-h-28" aria-hidden>
        <CardMedia file={file} />
      </div>
      <span className={cn('absolute top-2 right-2 flex size-6 items-center justify-center rounded-md border-2 bg-background/90 peer-focus-visible:ring-2 peer-focus-visible:ring-ring', checked && 'border-primary bg-primary text-primary-foreground')}>
        {checked && <Check className="size-4" aria-hidden />}
      </span>
      {mark && (
        <span className={cn('absolute top-2 left-2 rounded-full px-2 py-0.5 text-[11px] font-semibold text-white', mark === 'In Folder' ? 'bg-zinc-900/75' : mark === 'Add' ? 'bg-emerald-700' : 'bg-rose-700')}>
          {mark}
        </span>
      )}
      <span className="block truncate bg-card px-2 py-1.5 text-xs font-medium">{file.name}</span>
    </label>
  );
}
