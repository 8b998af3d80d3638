import { EyeOff } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { usePreferences } from './preferences';

// Files the viewer chose to reveal during this page's life: revealing a card also reveals the
// same file in its detail dialog and on its page; a reload (or sign-out, a full navigation) forgets them.
const revealedFiles = new Set<number>();
const listeners = new Set<() => void>();

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

function revealFile(fileId: number): void {
  revealedFiles.add(fileId);
  listeners.forEach((notify) => notify());
}

/**
 * Whether a file's picture is blurred: flagged NSFW and the viewer's 'NSFW content' is hide
 * (the default, signed out too), until they choose to reveal it.
 */
export function useNsfwBlur(file: { id: number; isNsfw: boolean | null | undefined }) {
  const { nsfw } = usePreferences();
  const revealed = useSyncExternalStore(subscribe, () => revealedFiles.has(file.id));
  return { blurred: Boolean(file.isNsfw) && nsfw === 'hide' && !revealed, reveal: () => revealFile(file.id) };
}

/**
 * Wraps a file's picture or player: blurred behind a 'Show' button when `useNsfwBlur` says so.
 * The covered content is inert, so neither a pointer nor the keyboard reaches a player under the blur.
 */
export function NsfwGuard({ file, children, className }: { file: { id: number; isNsfw: boolean | null | undefined; contentWarning?: string | null }; children: ReactNode; className?: string }) {
  const { blurred, reveal } = useNsfwBlur(file);
  return (
    <div data-testid="nsfw-guard" data-blurred={blurred} className={cn('relative overflow-hidden', className)}>
      <div data-testid="nsfw-content" inert={blurred} className={cn('size-full transition-[filter]', blurred && 'scale-110 blur-2xl')}>
        {children}
      </div>
      {blurred && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/55 p-4 text-center text-white">
          <EyeOff className="size-6 drop-shadow" aria-hidden />
          <p className="text-sm font-medium drop-shadow">Sensitive content</p>
          {/* The author's warning ("Spoilers", "Medical"), as text. */}
          {file.contentWarning && <p className="max-w-full truncate rounded-full bg-white/15 px-3 py-0.5 text-xs font-semibold drop-shadow" data-testid="content-warning">{file.contentWarning}</p>}
          <Button
            size="sm"
            variant="secondary"
            className="bg-white/90 text-zinc-900 hover:bg-white"
            aria-label="Show sensitive content"
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              reveal();
            }}
          >
            Show
          </Button>
        </div>
      )}
    </div>
  );
}
