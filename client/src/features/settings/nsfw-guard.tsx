import { EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { usePreferences } from './preferences';

/**
 * Whether a file's picture is blurred: flagged NSFW and the viewer's 'NSFW content' is hide
 * (the default, signed out too), until they choose to reveal it.
 */
export function useNsfwBlur(isNsfw: boolean | null | undefined) {
  const { nsfw } = usePreferences();
  const [revealed, setRevealed] = useState(false);
  return { blurred: Boolean(isNsfw) && nsfw === 'hide' && !revealed, reveal: () => setRevealed(true) };
}

/** Wraps a file's picture: blurred behind a 'Show' button when `useNsfwBlur` says so. */
export function NsfwGuard({ isNsfw, children, className }: { isNsfw: boolean | null | undefined; children: ReactNode; className?: string }) {
  const { blurred, reveal } = useNsfwBlur(isNsfw);
  return (
    <div className={cn('relative overflow-hidden', className)}>
      <div className={cn('size-full transition-[filter]', blurred && 'pointer-events-none scale-105 blur-2xl')} aria-hidden={blurred || undefined}>
        {children}
      </div>
      {blurred && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/30 p-4 text-center text-white">
          <EyeOff className="size-6" aria-hidden />
          <p className="text-sm font-medium">Sensitive content</p>
          <Button
            size="sm"
            variant="secondary"
            className="bg-white/90 text-zinc-900 hover:bg-white"
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
