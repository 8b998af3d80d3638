import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { FileDto, UpdateFileBody } from '@contract/files';
import { DESCRIPTION_MAX, FILE_NAME_MAX, normalizeTags } from '@contract/file-rules';
import { ALT_TEXT_MAX, CONTENT_WARNING_MAX, postMessages } from '@contract/post-text';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { fileKey, patchCachedFile, refreshFileLists } from './file-queries';

type Draft = { name: string; description: string; tags: string; altText: string; isPublic: boolean; sensitive: boolean; contentWarning: string };

/** The alt text the dialog opens with: the member's, else the suggestion recognition made (never the bare name). */
function startingAlt(file: FileDto): { text: string; suggested: boolean } {
  if (file.altText) return { text: file.altText, suggested: false };
  const suggested = file.kind === 'image' && file.alt !== file.name;
  return { text: suggested ? file.alt : '', suggested };
}

function draftOf(file: FileDto): Draft {
  return { name: file.name, description: file.description, tags: file.tags.join(', '), altText: startingAlt(file).text, isPublic: file.isPublic, sensitive: file.sensitive, contentWarning: file.contentWarning ?? '' };
}

/** Only what changed goes in the PATCH: an editor's call then carries only tags and alt text. */
function changesOf(file: FileDto, d: Draft): UpdateFileBody {
  const body: UpdateFileBody = {};
  const start = draftOf(file);
  if (d.name.trim() !== file.name) body.name = d.name.trim();
  if (d.description.trim() !== file.description) body.description = d.description.trim();
  const tags = normalizeTags(d.tags);
  if (tags.join(',') !== file.tags.join(',')) body.tags = tags;
  // A suggestion left as it was stays a suggestion (it follows recognition); a changed text is the member's.
  if (d.altText.trim() !== start.altText.trim()) body.altText = d.altText.trim();
  if (d.isPublic !== file.isPublic) body.isPublic = d.isPublic;
  if (d.sensitive !== file.sensitive) body.sensitive = d.sensitive;
  if (d.contentWarning.trim() !== (file.contentWarning ?? '')) body.contentWarning = d.contentWarning.trim();
  return body;
}

function useUpdateFile(file: FileDto, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFileBody) => call('updateFile', { params: { id: file.id }, body }),
    onSuccess: (updated) => {
      client.setQueryData(fileKey(file.id), updated);
      patchCachedFile(client, file.id, () => updated);
      void refreshFileLists(client);
      toast({ title: 'Changes saved' });
      onDone();
    },
    onError: (error) => toast({ title: 'Could not save', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
}

/** The owner's Edit button on a file's detail and page, and the dialog it opens (docs/decisions/032). */
export function EditFileButton({ file, withLabel = false }: { file: FileDto; withLabel?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size={withLabel ? 'default' : 'icon'} onClick={() => setOpen(true)} aria-label={withLabel ? undefined : 'Edit file'}>
        <Pencil aria-hidden />
        {withLabel && 'Edit'}
      </Button>
      {open && <EditFileDialog file={file} onClose={() => setOpen(false)} />}
    </>
  );
}

function EditFileDialog({ file, onClose }: { file: FileDto; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(file));
  const suggested = startingAlt(file).suggested && draft.altText === file.alt;
  const update = useUpdateFile(file, onClose);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = changesOf(file, draft);
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(body);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit file</DialogTitle>
          <DialogDescription>Changes show everywhere the file appears.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input id={`${id}-name`} required value={draft.name} maxLength={FILE_NAME_MAX} onChange={(e) => set({ name: e.target.value })} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea id={`${id}-description`} rows={3} value={draft.description} maxLength={DESCRIPTION_MAX} aria-describedby={`${id}-description-hint`} onChange={(e) => set({ description: e.target.value })} />
            <p id={`${id}-description-hint`} className="text-xs text-muted-foreground">#words become tags; @username tells that member.</p>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-tags`}>Tags</Label>
            <Input id={`${id}-tags`} value={draft.tags} aria-describedby={`${id}-tags-hint`} onChange={(e) => set({ tags: e.target.value })} />
            <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">Separate with commas.</p>
          </div>
          {file.kind !== 'audio' && file.kind !== 'document' && (
            <div className="space-y-1.5">
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={`${id}-alt`}>Alt text</Label>
                <span className="text-xs text-muted-foreground tabular-nums" aria-hidden>{draft.altText.length}/{ALT_TEXT_MAX}</span>
              </div>
              <Textarea id={`${id}-alt`} rows={3} value={draft.altText} maxLength={ALT_TEXT_MAX} placeholder="Describe the picture for people who can't see it" aria-describedby={suggested ? `${id}-alt-hint` : undefined} onChange={(e) => set({ altText: e.target.value })} />
              {suggested && <p id={`${id}-alt-hint`} className="text-xs text-muted-foreground">{postMessages.suggestedAlt}</p>}
            </div>
          )}
          {file.canDelete && (
            <>
              <Toggle id={`${id}-public`} label="Public" hint={draft.isPublic ? 'Anyone on Kaleido can see this file.' : 'Only you and the folders you share it in.'} checked={draft.isPublic} onChange={(isPublic) => set({ isPublic })} />
              <Toggle id={`${id}-sensitive`} label="Sensitive" hint="Blurred behind a click, hidden for members who hide sensitive content." checked={draft.sensitive || file.isNsfw} disabled={file.isNsfw && !file.sensitive} onChange={(sensitive) => set({ sensitive })} />
              {(draft.sensitive || file.isNsfw) && (
                <div className="space-y-1.5">
                  <Label htmlFor={`${id}-warning`}>Content warning</Label>
                  <Input id={`${id}-warning`} value={draft.contentWarning} maxLength={CONTENT_WARNING_MAX} placeholder="Spoilers, Medical…" onChange={(e) => set({ contentWarning: e.target.value, sensitive: true })} />
                </div>
              )}
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>Cancel</Button>
            <Button type="submit" disabled={update.isPending || !draft.name.trim()}>{update.isPending ? 'Saving…' : 'Save'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Toggle({ id, label, hint, checked, disabled = false, onChange }: { id: string; label: string; hint: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-3 rounded-xl border p-3 has-disabled:cursor-not-allowed has-disabled:opacity-70">
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium">{label}</span>
        <span id={`${id}-hint`} className="block text-xs text-muted-foreground">{hint}</span>
      </span>
      <input id={id} type="checkbox" role="switch" checked={checked} disabled={disabled} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} className="peer sr-only" />
      <span aria-hidden className="relative h-6 w-11 shrink-0 rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5" />
    </label>
  );
}
