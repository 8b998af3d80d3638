import { useQuery } from '@tanstack/react-query';
import { Hash } from 'lucide-react';
import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { useMotionReduced } from '@/features/settings/motion';
import { call, endpointKey } from '@/lib/call';
import { cn } from '@/lib/utils';
import { tagSearchHref } from '@/features/search/search-params';
import './tag-marquee.css';

const REPEAT = 3;
const SECONDS_PER_TAG = 2.5;
/** 50 random tags. */
const RANDOM_TAGS = { query: { limit: 50 } } as const;
/** The strip's frame, shared by the tags and the space kept for them while they load. */
const STRIP = 'border-b border-border/60 py-2.5';

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
 * The home feed's scrolling strip of 50 random tags, the list repeated three times.
 * Still when motion is reduced (system setting or the member's choice): then it
 * shows one copy that scrolls by hand. The strip is one stop in the Tab order (decision 030).
 */
export function TagMarquee() {
  const reduced = useMotionReduced();
  const { data: tags = [], isPending } = useQuery({ queryKey: endpointKey('listRandomTags', RANDOM_TAGS), queryFn: fetchRandomTags, staleTime: 300_000 });
  // One tab stop for the whole strip (the tag last focused); arrow keys, Home and End move inside it.
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  // While the tags are asked for, the strip's height is kept: arriving, they would otherwise push
  // the painted feed down (a layout shift, bench/README.md "Page speed").
  if (isPending) return <div aria-hidden data-testid="tag-marquee-placeholder" className={cn(STRIP, 'box-content h-8')} />;
  if (tags.length === 0) return null;

  const focusTag = (index: number) => {
    const next = (index + tags.length) % tags.length;
    setActive(next);
    list.current?.querySelector<HTMLElement>(`[data-tag-index="${next}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowDown: active + 1, ArrowLeft: active - 1, ArrowUp: active - 1, Home: 0, End: tags.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    focusTag(moves[event.key]);
  };

  const repeated = Array.from({ length: reduced ? 1 : REPEAT }, (_, copy) => tags.map((tag) => ({ tag, copy })));
  const style = { '--marquee-duration': `${Math.max(20, tags.length * SECONDS_PER_TAG)}s` } as CSSProperties;

  return (
    <nav
      aria-label="Popular tags"
      className={cn(
        'tag-marquee relative',
        STRIP,
        reduced ? 'overflow-x-auto' : 'overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_4%,#000_96%,transparent)]',
      )}
    >
      <p id="tag-marquee-keys" className="sr-only">Use the arrow keys to move between tags.</p>
      <ul ref={list} className={cn('flex w-max gap-2 px-3', !reduced && 'tag-marquee-track')} style={style} onKeyDown={onKeyDown}>
        {repeated.flat().map(({ tag, copy }, index) => (
          <li key={`${copy}-${tag}-${index}`} aria-hidden={copy > 0 ? true : undefined}>
            <Link
              href={tagSearchHref(tag)}
              tabIndex={copy === 0 && index === active ? 0 : -1}
              data-tag-index={copy === 0 ? index : undefined}
              aria-describedby={copy === 0 && index === active ? 'tag-marquee-keys' : undefined}
              onFocus={copy === 0 ? () => setActive(index) : undefined}
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
