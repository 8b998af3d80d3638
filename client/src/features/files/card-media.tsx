import { ImageOff, LoaderCircle, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { playbackMessages } from '@contract/file-rules';
import type { FileDto } from '@contract/files';
import { CARD_SIZES, cardPicture } from '@contract/card-picture';
import { cn } from '@/lib/utils';
import { iconForFile, KIND_GRADIENTS, typeLabel } from './file-kind';
import { formatDuration, formatMb } from './format';
import { useNearViewport } from './use-near-viewport';

function aspectOf(file: Pick<FileDto, 'width' | 'height'>): string | undefined {
  return file.width && file.height ? `${file.width} / ${file.height}` : undefined;
}

/**
 * A picture inside a card: the blurred placeholder at the
 * file's aspect ratio first, then the image once within 500 px of the viewport; between 200
 * and 400 px tall; 'Image unavailable' when it cannot load.
 */
export function CardPicture({ file, src, srcSet, alt, alignTop = false, priority = false }: { file: FileDto; src: string; srcSet?: string; alt: string; alignTop?: boolean; priority?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, '500px') || priority;
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');

  return (
    <div ref={box} className="relative max-h-[400px] min-h-[200px] w-full overflow-hidden bg-muted" style={{ aspectRatio: aspectOf(file) }}>
      {file.placeholder && state !== 'loaded' && (
        <img src={file.placeholder} alt="" aria-hidden className="absolute inset-0 size-full scale-110 object-cover blur-xl" />
      )}
      {near && state !== 'error' && (
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? CARD_SIZES : undefined}
          alt={alt}
          decoding="async"
          // A first-row picture is the page's largest paint: asked for first, shown without the fade.
          fetchPriority={priority ? 'high' : undefined}
          loading={priority ? 'eager' : undefined}
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
          className={cn('absolute inset-0 size-full object-cover transition-opacity duration-500', alignTop && 'object-top', state === 'loaded' || priority ? 'opacity-100' : 'opacity-0')}
        />
      )}
      {state === 'error' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
          <ImageOff className="size-6" aria-hidden />
          Image unavailable
        </div>
      )}
    </div>
  );
}

/** What a card shows for a file: its picture, a poster or preview, or a gradient tile. */
export function CardMedia({ file, priority = false }: { file: FileDto; priority?: boolean }) {
  const picture = cardPicture(file);
  if (!picture) return <CardTile file={file} />;
  if (file.kind === 'image') return <CardPicture file={file} src={picture.src} srcSet={picture.srcSet} alt={file.alt} priority={priority} />;
  return (
    <div className="relative">
      <CardPicture file={file} src={picture.src} alt={file.alt} alignTop={file.kind === 'pdf'} priority={priority} />
      <KindBadge file={file} />
      {file.rendition === 'processing' && <ProcessingBadge className="absolute right-2 bottom-2" />}
    </div>
  );
}

/** Shown while a video's or audio's web rendition is being made (the poster is there already). */
export function ProcessingBadge({ className }: { className?: string }) {
  return (
    <span data-testid="processing-badge" className={cn('pointer-events-none inline-flex items-center gap-1 rounded-full bg-black/65 px-2 py-0.5 text-[11px] font-semibold text-white backdrop-blur', className)}>
      <LoaderCircle className="size-3 animate-spin" aria-hidden />
      {playbackMessages.processing}
    </span>
  );
}

function KindBadge({ file }: { file: FileDto }) {
  const Icon = file.kind === 'video' ? Play : iconForFile(file);
  return (
    <span className="pointer-events-none absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/65 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white backdrop-blur">
      <Icon className={cn('size-3', file.kind === 'video' && 'fill-current')} aria-hidden />
      {file.kind === 'video' && file.durationSeconds ? formatDuration(file.durationSeconds) : typeLabel(file)}
    </span>
  );
}

/** Non-image card: gradient tile with an icon, the uppercase type and size in MB, and the name for PDFs. */
export function CardTile({ file }: { file: FileDto }) {
  const Icon = iconForFile(file);
  return (
    <div className={cn('flex min-h-[200px] flex-col items-center justify-center gap-3 bg-gradient-to-br p-6 text-center text-white', KIND_GRADIENTS[file.kind])}>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25 backdrop-blur-sm">
        <Icon className="size-8" aria-hidden />
      </span>
      <span className="text-sm font-bold tracking-widest">{typeLabel(file)}</span>
      <span className="text-xs text-white/85">
        {formatMb(file.fileSize)}
        {file.durationSeconds ? ` • ${formatDuration(file.durationSeconds)}` : ''}
      </span>
      {file.kind === 'pdf' && <span className="line-clamp-2 max-w-full text-sm font-medium break-words">{file.name}</span>}
      {file.rendition === 'processing' && <ProcessingBadge />}
    </div>
  );
}
