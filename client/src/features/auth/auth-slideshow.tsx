import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SLIDE_INTERVAL_MS, SLIDESHOW_REFETCH_MS, SLIDESHOW_STALE_MS } from '@contract/limits';
import { endpointQuery } from '@/lib/call';
import { mediaUrl } from '@contract/card-picture';
import { cn } from '@/lib/utils';
import { useReducedMotion } from './use-reduced-motion';

export interface SlideshowImage {
  id: number;
  name: string;
  /** What the picture shows (its alt text, or a suggestion from recognition). */
  alt: string;
  filePath?: string | null;
  filename?: string | null;
  user: { username: string };
}

function slideSrc(image: SlideshowImage): string {
  if (image.filePath) return mediaUrl(image.filePath);
  return `/uploads/${image.filename ?? ''}`;
}

/** The right half of /auth: member images, 4 s each, wrapping around. */
export function AuthSlideshow({ className }: { className?: string }) {
  const reducedMotion = useReducedMotion();
  const { data: images = [], isLoading } = useQuery({
    ...endpointQuery('listSlideshowImages'),
    refetchInterval: SLIDESHOW_REFETCH_MS,
    staleTime: SLIDESHOW_STALE_MS,
  });
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = count > 0 ? images[index % count] : undefined;

  useEffect(() => {
    if (count < 2 || reducedMotion) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, reducedMotion]);

  return (
    <section aria-label="Images shared by members" className={cn('relative h-full overflow-hidden bg-zinc-950', className)}>
      {isLoading || !current ? (
        <div className="flex h-full flex-col items-center justify-center gap-5 bg-brand-gradient text-white dark:brightness-90">
          <span className="flex size-20 items-center justify-center rounded-3xl bg-white/15 shadow-2xl ring-1 ring-white/30 backdrop-blur-sm">
            <Sparkles className="size-9" aria-hidden />
          </span>
          <p className="text-sm font-medium tracking-wide text-white/85">Loading...</p>
        </div>
      ) : (
        <>
          <img
            key={current.id}
            src={slideSrc(current)}
            alt={current.alt}
            className="absolute inset-0 size-full animate-fade-in object-cover"
          />
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 via-black/35 to-transparent px-10 pt-32 pb-10 text-white">
            <p className="truncate text-2xl font-semibold tracking-tight">{current.name}</p>
            <p className="mt-1 text-sm text-white/80">by @{current.user.username}</p>
            <div className="mt-5 -ml-2 flex flex-wrap" role="group" aria-label="Choose an image">
              {images.map((image, i) => (
                // A 24 px target around an 8 px dot (WCAG 2.5.8), so the dots stay small and easy to hit.
                <button
                  key={image.id}
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Show image ${i + 1} of ${count}`}
                  aria-current={i === index % count}
                  className="group/dot flex h-6 min-w-6 cursor-pointer items-center justify-center rounded-full px-2 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                >
                  <span
                    className={cn(
                      'block h-2 rounded-full transition-all',
                      i === index % count ? 'w-6 bg-white' : 'w-2 bg-white/45 group-hover/dot:bg-white/70',
                    )}
                  />
                </button>
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
