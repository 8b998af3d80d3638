import type { ReactNode } from 'react';
import type { FileDto } from '@contract/files';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { NsfwGuard } from '@/features/settings/nsfw-guard';
import { displayName, initials } from '@/lib/user-display';
import { cn } from '@/lib/utils';
import { CardMedia } from './card-media';
import { CardSaveButton } from '@/features/folders/card-save-button';
import { CardLikeButton } from './like-button';
import { SimilarCardButton } from '@/features/similar/similar-card-button';
import { MemberMenu } from '@/features/safety/member-menu';

/**
 * A file in a grid: its media, and on hover (always on touch screens)
 * a menu to report, mute or block its owner (on others' files), the save and like buttons (and "Similar to this" on images), the name and the owner, and the screen's own `action` (a folder's remove). Clicking anywhere opens the file.
 */
export function FileCard({ file, onOpen, action, priority = false }: { file: FileDto; onOpen: (file: FileDto) => void; action?: ReactNode; priority?: boolean }) {
  return (
    <article
      data-testid="file-card"
      data-file-id={file.id}
      onClick={() => onOpen(file)}
      className={cn(
        'group relative cursor-pointer overflow-hidden rounded-2xl border border-border/60 bg-card shadow-sm transition-shadow duration-200',
        'hover:shadow-xl hover:shadow-black/10 focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background dark:hover:shadow-black/40',
      )}
    >
      <NsfwGuard file={file}>
        <CardMedia file={file} priority={priority} />
      </NsfwGuard>
      <button type="button" className="sr-only" onClick={(event) => { event.stopPropagation(); onOpen(file); }}>
        Open {file.name}
      </button>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/30 to-transparent px-3 pt-10 pb-3 opacity-0 transition-opacity duration-200 group-hover:opacity-100 [@media(hover:none)]:hidden">
        <p className="truncate text-sm font-semibold text-white">{file.name}</p>
        <p className="mt-1 flex items-center gap-1.5 text-xs text-white/85">
          <Avatar className="size-5">
            {file.user.profileImageUrl && <AvatarImage src={file.user.profileImageUrl} alt="" />}
            <AvatarFallback className="text-[9px]">{initials(file.user)}</AvatarFallback>
          </Avatar>
          <span className="truncate">{displayName(file.user)}</span>
        </p>
      </div>
      <div className="absolute top-2 right-2 flex gap-2 opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100">
        {!file.canEdit && (
          // Its dialogs render in a portal, whose events still bubble to the card: keep them from opening the file.
          <span onClick={(event) => event.stopPropagation()} className="contents">
            <MemberMenu
              member={file.user}
              report={{ type: 'file', id: file.id, noun: 'file' }}
              label={`More actions for ${file.name}`}
              className="size-9 bg-white/90 text-zinc-900 shadow-md backdrop-blur hover:bg-white"
            />
          </span>
        )}
        {file.kind === 'image' && <SimilarCardButton file={file} />}
        <CardSaveButton file={file} />
        <CardLikeButton file={file} />
      </div>
      {action && <div className="absolute top-2 left-2 opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100">{action}</div>}
    </article>
  );
}
