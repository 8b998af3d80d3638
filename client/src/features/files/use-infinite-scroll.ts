import { useEffect, useRef } from 'react';

interface InfiniteScrollOptions {
  /** The last page was full, so there may be more. */
  hasMore: boolean;
  isFetching: boolean;
  loadMore: () => void;
  /** Distance from the bottom that asks for the next page: 800 px on the feed, 500 px elsewhere. */
  threshold: number;
  /** Distance used when the content does not fill the screen (100 px on the feed). */
  shortThreshold?: number;
  debounceMs?: number;
  /** Changes when items arrive, so a short page is re-measured. */
  itemCount: number;
}

function distanceToBottom(): number {
  const root = document.documentElement;
  return root.scrollHeight - (window.scrollY + window.innerHeight);
}

/** Requests the next page near the bottom of the window. */
export function useInfiniteScroll({ hasMore, isFetching, loadMore, threshold, shortThreshold = threshold, debounceMs = 150, itemCount }: InfiniteScrollOptions): void {
  const latest = useRef({ hasMore, isFetching, loadMore });
  latest.current = { hasMore, isFetching, loadMore };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    function check() {
      const { hasMore: more, isFetching: busy, loadMore: load } = latest.current;
      if (more && !busy && distanceToBottom() < threshold) load();
    }
    function onScroll() {
      clearTimeout(timer);
      timer = setTimeout(check, debounceMs);
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [threshold, debounceMs]);

  // Content shorter than the screen gives no scroll events: ask again once it has rendered.
  useEffect(() => {
    if (!hasMore || isFetching) return;
    const frame = requestAnimationFrame(() => {
      const root = document.documentElement;
      if (root.scrollHeight <= window.innerHeight + shortThreshold) loadMore();
    });
    return () => cancelAnimationFrame(frame);
  }, [hasMore, isFetching, itemCount, shortThreshold, loadMore]);
}
