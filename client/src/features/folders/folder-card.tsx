import { Folder, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { mediaUrl } from '@contract/card-picture';
import { cn } from '@/lib/utils';
import { VisibilityBadge } from './visibility-badge';
import { folderCardBlurred } from './folder-rules';
import type { FolderDto, PreviewImage } from './folder-types';
import { useFolderPreview } from './use-folders';

const COVER_CELLS = 4;

/** A 2×2 cover of up to 4 images with grey placeholders, or a folder icon when there are none. */
function FolderCover({ images }: { images: readonly PreviewImage[] | undefined }) {
  if (!images || images.length === 0) {
    return (
      <div className="flex size-full items-center justify-center bg-gradient-to-br from-muted to-accent text-muted-foreground">
        <Folder className="size-14 stroke-[1.25]" aria-hidden />
      </div>
    );
  }
  return (
    <div className="grid size-full grid-cols-2 grid-rows-2 gap-0.5 bg-border">
      {Array.from({ length: COVER_CELLS }, (_, index) => {
        const image = images[index];
        return image ? (
          <img key={image.id} src={mediaUrl(image.thumbnailPath ?? image.filePath)} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        ) : (
          <div key={`empty-${index}`} className="size-full bg-muted" />
        );
      })}
    </div>
  );
}

/**
 * A folder on a profile or a list: cover, Admin/Public/Private badge,
 * name and file count; a private folder that is not the viewer's own is blurred behind
 * 'Private Folder'. Clicking goes to /folder/{id}.
 */
export function FolderCard({ folder }: { folder: FolderDto }) {
  const preview = useFolderPreview(folder.id);
  const blurred = folderCardBlurred(folder);
  const count = preview.data?.folder.fileCount ?? folder.fileCount;

  return (
    <Link
      href={screens.folder(folder.id)}
      data-testid="folder-card"
      className="group block overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm transition-shadow hover:shadow-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
    >
      <div className="relative aspect-[4/3] overflow-hidden">
        <div className={cn('size-full transition-transform duration-300 group-hover:scale-[1.02]', blurred && 'scale-110 blur-lg')}>
          <FolderCover images={preview.data?.previewImages} />
        </div>
        {blurred && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-background/40 text-foreground backdrop-blur-sm">
            <Lock className="size-6" aria-hidden />
            <span className="text-sm font-semibold">Private Folder</span>
          </div>
        )}
        <VisibilityBadge folder={folder} className="absolute top-2.5 left-2.5 shadow-sm" />
      </div>
      <div className="space-y-0.5 px-4 py-3">
        <p className={cn('truncate font-semibold', blurred && 'blur-[3px] select-none')}>{folder.name}</p>
        <p className="text-xs text-muted-foreground tabular-nums">{count} {count === 1 ? 'file' : 'files'}</p>
      </div>
    </Link>
  );
}

/** Folder cards in a responsive grid. */
export function FolderCardGrid({ folders }: { folders: readonly FolderDto[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
      {folders.map((folder) => (
        <FolderCard key={folder.id} folder={folder} />
      ))}
    </div>
  );
}
