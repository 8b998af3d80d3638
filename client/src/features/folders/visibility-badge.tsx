import { cn } from '@/lib/utils';
import { VisibilityIcon } from './folder-pick-list';
import { visibilityLabel } from './folder-rules';
import type { FolderDto } from './folder-types';

const TONES = {
  Admin: 'bg-amber-700 text-white',
  Public: 'bg-emerald-700 text-white',
  Private: 'bg-zinc-900/80 text-white dark:bg-zinc-100/90 dark:text-zinc-900',
} as const;

/** The Admin, Public or Private badge of a folder. */
export function VisibilityBadge({ folder, className }: { folder: Pick<FolderDto, 'isPublic' | 'isAdminOnly'>; className?: string }) {
  const label = visibilityLabel(folder);
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide backdrop-blur', TONES[label], className)}>
      <VisibilityIcon folder={folder} className="size-3" />
      {label}
    </span>
  );
}
