import { format } from 'date-fns';
import { CalendarDays, Files, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { OwnerLink } from '@/features/files/file-meta';
import type { FolderDto } from './folder-types';
import { VisibilityBadge } from './visibility-badge';
import { ShareButton } from '@/components/share-button';
import { screens } from '@contract/screens';

function Fact({ icon: Icon, children }: { icon: typeof Files; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon className="size-4" aria-hidden />
      {children}
    </span>
  );
}

/** Name, creator, description, file count, visibility, created and updated dates. */
export function FolderHeader({ folder, actions }: { folder: FolderDto; actions?: ReactNode }) {
  return (
    <header className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{folder.name}</h1>
            <VisibilityBadge folder={folder} />
          </div>
          {folder.description && <p className="max-w-3xl break-words whitespace-pre-wrap text-foreground/80">{folder.description}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <ShareButton path={screens.folder(folder.id)} title={folder.name} size="default" />
          {actions}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-muted-foreground">
        <OwnerLink user={folder.user} subtitle="Creator" />
        <Fact icon={Files}><span className="tabular-nums">{folder.fileCount}</span> {folder.fileCount === 1 ? 'file' : 'files'}</Fact>
        <Fact icon={CalendarDays}>Created {format(new Date(folder.createdAt), 'MMM d, yyyy')}</Fact>
        <Fact icon={History}>Updated {format(new Date(folder.updatedAt), 'MMM d, yyyy')}</Fact>
      </div>
    </header>
  );
}
