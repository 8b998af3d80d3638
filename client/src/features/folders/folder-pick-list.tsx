import { Check, Folder, Globe, Lock, ShieldCheck } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { visibilityLabel } from './folder-rules';
import type { FolderDto } from './folder-types';

/** Folders a file can be saved into: the server marks them `canEdit` (owner or editor). */
export function savableFolders(folders: readonly FolderDto[] | undefined): FolderDto[] {
  return (folders ?? []).filter((folder) => folder.canEdit);
}

export function VisibilityIcon({ folder, className }: { folder: Pick<FolderDto, 'isPublic' | 'isAdminOnly'>; className?: string }) {
  const label = visibilityLabel(folder);
  const Icon = label === 'Admin' ? ShieldCheck : label === 'Public' ? Globe : Lock;
  return <Icon className={cn('size-3.5', className)} aria-hidden />;
}

/**
 * The member's folders as a single-choice list. `onPick` runs with the chosen folder; with
 * `selectedId` the list shows the current choice (detail dialog), without it a click acts at once (card).
 */
export function FolderPickList({ folders, isLoading, selectedId, onPick, disabled }: {
  folders: readonly FolderDto[];
  isLoading: boolean;
  selectedId?: number | null;
  onPick: (folder: FolderDto) => void;
  disabled?: boolean;
}) {
  if (isLoading) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading folders..." />
      </div>
    );
  }
  if (folders.length === 0) {
    return <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">You have no folders yet. Create one below.</p>;
  }
  return (
    <ul aria-label="Your folders" className="max-h-64 space-y-1 overflow-y-auto pr-1">
      {folders.map((folder) => {
        const selected = selectedId === folder.id;
        return (
          <li key={folder.id}>
            <button
              type="button"
              aria-pressed={selectedId === undefined ? undefined : selected}
              disabled={disabled}
              onClick={() => onPick(folder)}
              className={cn(
                'flex w-full cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-left text-sm transition-colors',
                'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60',
                selected ? 'border-primary bg-primary/5' : 'border-transparent',
              )}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Folder className="size-4" aria-hidden />
              </span>
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{folder.name}</span>
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  <VisibilityIcon folder={folder} className="size-3" />
                  {visibilityLabel(folder)} · {folder.fileCount} {folder.fileCount === 1 ? 'file' : 'files'}
                </span>
              </span>
              {selected && <Check className="size-4 text-primary" aria-hidden />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
