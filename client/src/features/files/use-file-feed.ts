import { useInfiniteQuery } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import { PAGE_SIZE } from '@contract/limits';
import { errorStatus, orOnStatus } from '@/lib/api';
import { call } from '@/lib/call';
import { feedKey } from './file-queries';

const FEED_STALE_MS = 30_000;
// A card says "Processing…" until its video's web rendition exists; the feed is asked again
// (from the server's page cache, emptied when the rendition lands) only while one does.
const PROCESSING_REFRESH_MS = 5000;

interface FeedPageParam {
  offset: number;
  /** The smallest id loaded so far: the server seeks from it, so deep pages cost what the first does. */
  before?: number;
}

async function fetchFeedPage({ offset, before }: FeedPageParam, signal: AbortSignal): Promise<FileDto[]> {
  // Offset and limit first: the first page's URL is the one the server preloads (member-preloads.ts).
  return orOnStatus(call('listFeed', { query: { offset, limit: PAGE_SIZE, before } }, { signal }), 404, []);
}

/** The home feed: pages of 20, offset = pages × 20, fresh 30 s, no retry, no refetch on focus. */
export function useFileFeed() {
  return useInfiniteQuery({
    queryKey: feedKey,
    queryFn: ({ pageParam, signal }) => fetchFeedPage(pageParam, signal),
    initialPageParam: { offset: 0 } as FeedPageParam,
    getNextPageParam: (lastPage, pages) => {
      if (lastPage.length < PAGE_SIZE) return undefined;
      const ids = pages.flatMap((page) => page.map((file) => file.id));
      return { offset: pages.length * PAGE_SIZE, before: Math.min(...ids) };
    },
    staleTime: FEED_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.some((file) => file.rendition === 'processing')) ? PROCESSING_REFRESH_MS : false),
  });
}

/** The feed's error line shows for real failures only: not for 404 and not when the network failed. */
export function feedErrorVisible(error: unknown): boolean {
  if (!error) return false;
  if (errorStatus(error) === 404) return false;
  return !(error instanceof TypeError);
}
