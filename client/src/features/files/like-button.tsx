import { Heart } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { FileDto } from '@contract/files';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useLikeFile } from './use-like-file';

type LikeTarget = Pick<FileDto, 'id' | 'isLiked' | 'likeCount' | 'name'>;

/**
 * The button's name: what it does, then the count it shows, so the name holds the visible text
 * (what speech input says to press it).
 */
export function likeLabel(file: Pick<LikeTarget, 'isLiked' | 'likeCount'>, name?: string): string {
  const action = [file.isLiked ? 'Unlike' : 'Like', name].filter(Boolean).join(' ');
  return `${action}, ${file.likeCount} ${file.likeCount === 1 ? 'like' : 'likes'}`;
}

/** The round like button over a card: the count shows when above 0. */
export function CardLikeButton({ file, className }: { file: LikeTarget; className?: string }) {
  const { toggleLike, isPending } = useLikeFile();
  function onClick(event: MouseEvent) {
    event.stopPropagation();
    toggleLike(file);
  }
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isPending}
      aria-pressed={file.isLiked}
      aria-label={file.likeCount > 0 ? likeLabel(file, file.name) : `Like ${file.name}`}
      className={cn(
        'inline-flex h-9 min-w-9 cursor-pointer items-center justify-center gap-1.5 rounded-full bg-white/90 px-2.5 text-sm font-semibold text-zinc-900 shadow-md backdrop-blur transition',
        'hover:scale-105 hover:bg-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none disabled:opacity-70',
        file.isLiked && 'text-rose-700',
        className,
      )}
    >
      <Heart className={cn('size-4', file.isLiked && 'fill-current')} aria-hidden />
      {file.likeCount > 0 && <span className="tabular-nums">{file.likeCount}</span>}
    </button>
  );
}

/** The like control of the detail views: heart with the count, optionally 'Like'/'Liked'. */
export function DetailLikeButton({ file, withLabel = false, className }: { file: LikeTarget; withLabel?: boolean; className?: string }) {
  const { toggleLike, isPending } = useLikeFile();
  return (
    <Button
      variant={file.isLiked ? 'secondary' : 'outline'}
      onClick={() => toggleLike(file)}
      disabled={isPending}
      aria-pressed={file.isLiked}
      aria-label={withLabel ? undefined : likeLabel(file)}
      className={cn(file.isLiked && 'text-rose-700 dark:text-rose-400', className)}
    >
      <Heart className={cn(file.isLiked && 'fill-current')} aria-hidden />
      {withLabel && <span>{file.isLiked ? 'Liked' : 'Like'}</span>}
      <span className="tabular-nums" data-testid="like-count">{file.likeCount}</span>
    </Button>
  );
}
