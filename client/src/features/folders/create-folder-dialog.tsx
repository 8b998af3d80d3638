import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { FOLDER_DESCRIPTION_MAX, FOLDER_NAME_MAX, folderFormErrors } from './folder-rules';
import type { FolderDto } from './folder-types';
import { failureToast } from './folder-toasts';
import { useCreateFolder } from './use-folder-mutations';

/**
 * Create New Folder (spec 2 §2), opened from the avatar menu: Folder Name and Description
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
  const creation = useCreateFolder();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = folderFormErrors(name, description);
    setErrors(found);
    if (found.name || found.description) return;
    creation.mutate(
      { name, description },
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
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={creation.isPending}>Cancel</Button>
        <Button type="submit" disabled={creation.isPending}>{creation.isPending ? 'Creating...' : 'Create Folder'}</Button>
      </DialogFooter>
    </form>
  );
}
