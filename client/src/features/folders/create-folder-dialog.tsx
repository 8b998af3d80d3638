import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { FOLDER_DESCRIPTION_MAX, FOLDER_NAME_MAX, folderFormErrors } from './folder-rules';
import type { FolderDto } from './folder-types';
import { failureToast } from './folder-toasts';
import { useCreateFolder } from './use-folder-mutations';

/**
 * Create New Folder, opened from the avatar menu: Folder Name and Description
 * (Optional), Cancel and Create Folder ('Creating...' while the call runs).
 */
export function CreateFolderDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated?: (folder: FolderDto) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Create New Folder</DialogTitle>
          <DialogDescription>Collect files in a folder and share it with others.</DialogDescription>
        </DialogHeader>
        {open && <CreateFolderForm onCancel={() => onOpenChange(false)} onCreated={(folder) => { onOpenChange(false); onCreated?.(folder); }} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateFolderForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (folder: FolderDto) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const [adminOnly, setAdminOnly] = useState(false);
  const creation = useCreateFolder();
  // Only admins may create an admin-only folder: members never see the switch.
  const isAdmin = useAuth().user?.isAdmin === true;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = folderFormErrors(name, description);
    setErrors(found);
    if (found.name || found.description) return;
    creation.mutate(
      { name, description, isAdminOnly: isAdmin && adminOnly },
      {
        onSuccess: (folder) => {
          toast({ title: 'Folder created', description: 'Your new folder has been created successfully.' });
          onCreated(folder);
        },
        onError: (error) => failureToast(error, 'Failed to create folder. Please try again.'),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="folder-name" label="Folder Name" error={errors.name}>
        <Input
          id="folder-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={FOLDER_NAME_MAX + 20}
          placeholder="e.g. Summer in Lisbon"
          autoComplete="off"
          autoFocus
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? errorId('folder-name') : undefined}
        />
      </FormField>
      <FormField id="folder-description" label="Description (Optional)" error={errors.description}>
        <Textarea
          id="folder-description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={3}
          placeholder="What is this folder about?"
          aria-invalid={Boolean(errors.description)}
          aria-describedby={errors.description ? errorId('folder-description') : undefined}
        />
        <span className="text-right text-xs text-muted-foreground tabular-nums">{description.trim().length}/{FOLDER_DESCRIPTION_MAX}</span>
      </FormField>
      {isAdmin && (
        <label htmlFor="folder-admin-only" className="flex cursor-pointer items-center gap-3 rounded-xl border p-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-500/12 text-amber-700 dark:text-amber-400">
            <ShieldCheck className="size-4" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium">Admin-only</span>
            <span className="block text-xs text-muted-foreground">Only admins can see this folder.</span>
          </span>
          <input id="folder-admin-only" type="checkbox" role="switch" checked={adminOnly} aria-checked={adminOnly} onChange={(e) => setAdminOnly(e.target.checked)} className="peer sr-only" />
          <span aria-hidden className="relative h-6 w-11 shrink-0 rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5" />
        </label>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={creation.isPending}>Cancel</Button>
        <Button type="submit" disabled={creation.isPending}>{creation.isPending ? 'Creating...' : 'Create Folder'}</Button>
      </DialogFooter>
    </form>
  );
}
