import { useState } from 'react';
import type { FileDto } from '@contract/files';
import { cn } from '@/lib/utils';

/**
 * The "ALT" badge on a picture's detail: a button that reveals the text screen readers hear,
 * whether a member wrote it or it was suggested from recognition's tags (docs/decisions/032).
 */
export function AltBadge({ file, className }: { file: Pick<FileDto, 'id' | 'alt' | 'altText'>; className?: string }) {
  const [open, setOpen] = useState(false);
  const panel = `alt-text-${file.id}`;
  return (
    <div className={cn('absolute bottom-3 left-3 z-10 flex max-w-[min(28rem,calc(100%-1.5rem))] flex-col items-start gap-2', className)}>
      {open && (
        <p id={panel} className="rounded-xl bg-black/80 px-3 py-2 text-sm leading-snug text-white shadow-lg backdrop-blur">
          {file.alt}
          {!file.altText && <span className="mt-1 block text-xs text-white/70">Suggested from automatic tags</span>}
        </p>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panel : undefined}
        aria-label={open ? 'Hide the alt text' : 'Show the alt text'}
        onClick={(event) => {
          event.stopPropagation();
          setOpen((o) => !o);
        }}
        className="rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-bold tracking-wide text-white ring-1 ring-white/30 hover:bg-black focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
      >
        ALT
      </button>
    </div>
  );
}
