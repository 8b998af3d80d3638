import { useQuery } from '@tanstack/react-query';
import { Hash } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Link } from 'wouter';
import { useMotionReduced } from '@/features/settings/motion';
import { call, endpointKey } from '@/lib/call';
import { cn } from '@/lib/utils';
import { tagSearchHref } from '@/features/search/search-params';
import './tag-marquee.css';

const REPEAT = 3;
const SECONDS_PER_TAG = 2.5;
/** 50 random tags (spec 2 §9). */
const RANDOM_TAGS = { query: { limit: 50 } } as const;

async function fetchRandomTags({ signal }: { signal: AbortSignal }): Promise<string[]> {
  try {
    return await call('listRandomTags', RANDOM_TAGS, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    console.error('Failed to fetch random tags', error);
    return [];
  }
}

/**
 * The home feed's scrolling strip of 50 random tags, the list repeated three times (spec 2
 * §2, §9). Still when motion is reduced (system setting or the member's choice): then it
 * shows one copy that scrolls by hand.
 */
export function TagMarquee() {
  const reduced = useMotionReduced();
  const { data: tags = [] } = useQuery({ queryKey: endpointKey('listRandomTags', RANDOM_TAGS), queryFn: fetchRandomTags, staleTime: 300_000 });
  if (tags.length === 0) return null;

  const repeated = Array.from({ length: reduced ? 1 : REPEAT }, (_, copy) => tags.map((tag) => ({ tag, copy })));
  const style = { '--marquee-duration': `${Math.max(20, tags.length * SECONDS_PER_TAG)}s` } as CSSProperties;

  return (
    <nav
      aria-label="Popular tags"
      className={cn(
        'tag-marquee relative border-b border-border/60 py-2.5',
        reduced ? 'overflow-x-auto' : 'overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_4%,#000_96%,transparent)]',
      )}
    >
      <ul className={cn('flex w-max gap-2 px-3', !reduced && 'tag-marquee-track')} style={style}>
        {repeated.flat().map(({ tag, copy }, index) => (
          <li key={`${copy}-${tag}-${index}`} aria-hidden={copy > 0 ? true : undefined}>
            <Link
              href={tagSearchHref(tag)}
              tabIndex={copy > 0 ? -1 : undefined}
              className="inline-flex h-8 items-center gap-1 rounded-full border border-border/70 bg-card px-3 text-sm font-medium whitespace-nowrap text-foreground/80 shadow-xs transition-colors hover:border-primary/40 hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Hash className="size-3.5 text-primary" aria-hidden />
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
