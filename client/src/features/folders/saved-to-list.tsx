import { FolderOpen } from 'lucide-react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { VisibilityIcon } from './folder-pick-list';
import { savedFolderLinkable, visibilityLabel } from './folder-rules';
import type { FolderDto } from './folder-types';

/**
 * The 'Saved to' tab of the detail dialog: each folder marked Public or Private,
 * a link only when public or the viewer's own, greyed otherwise. The empty state opens Save.
 */
export function SavedToList({ folders, isLoading, onSave, onNavigate }: { folders: readonly FolderDto[] | undefined; isLoading: boolean; onSave: () => void; onNavigate?: () => void }) {
  if (isLoading) {
    return (
      <p className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading folders...
      </p>
    );
  }
  if (!folders || folders.length === 0) {
    return (
      <button
        type="button"
        onClick={onSave}
        className="flex w-full cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-border px-4 py-8 text-center transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <FolderOpen className="size-7 text-muted-foreground/70" aria-hidden />
        <span className="text-sm font-medium">Not saved to any folders yet</span>
        <span className="text-xs text-muted-foreground">Click anywhere to save to a folder</span>
      </button>
    );
  }
  return (
    <ul className="space-y-1.5" data-testid="saved-to-list">
      {folders.map((folder) => (
        <li key={folder.id}>
          <SavedFolderRow folder={folder} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}

function SavedFolderRow({ folder, onNavigate }: { folder: FolderDto; onNavigate?: () => void }) {
  const label = visibilityLabel(folder);
  const inner = (
    <>
      <FolderOpen className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1 truncate font-medium">{folder.name}</span>
      <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs', label === 'Public' ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400' : 'bg-muted text-muted-foreground')}>
        <VisibilityIcon folder={folder} className="size-3" />
        {label}
      </span>
    </>
  );
  const base = 'flex items-center gap-3 rounded-xl border px-3 py-2.5 text-sm';
  if (!savedFolderLinkable(folder)) {
    return (
      <span className={cn(base, 'cursor-not-allowed text-muted-foreground opacity-60')} aria-disabled="true">
        {inner}
      </span>
    );
  }
  return (
    <Link href={screens.folder(folder.id)} onClick={onNavigate} className={cn(base, 'transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none')}>
      {inner}
    </Link>
  );
}
