import { useInfiniteQuery } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import { PAGE_SIZE } from '@contract/limits';
import type { DuplicateDto } from '@contract/similar';
import { orOnStatus } from '@/lib/api';
import { call, endpointKey } from '@/lib/call';
import { nextOffset } from '@/lib/paging';

const SIMILAR_STALE_MS = 60_000;

async function fetchSimilarPage(fileId: number, offset: number, signal: AbortSignal): Promise<FileDto[]> {
  return orOnStatus(call('listSimilarFiles', { params: { id: fileId }, query: { offset, limit: PAGE_SIZE } }, { signal }), 404, []);
}

/** "More like this" (decision 024): pages of 20 neighbours the viewer may see, best first. */
export function useSimilarFiles(fileId: number, enabled = true) {
  return useInfiniteQuery({
    // Under /api/files, so a like or a delete elsewhere refreshes it with the other file lists.
    queryKey: endpointKey('listSimilarFiles', { params: { id: fileId } }),
    queryFn: ({ pageParam, signal }) => fetchSimilarPage(fileId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
    staleTime: SIMILAR_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** First ask a second after the upload, then a little less often each time, at most every 5 s. */
const DUPLICATE_POLL_MS = 1000;
const DUPLICATE_POLL_MAX_MS = 5000;
/** Recognition usually runs within seconds of the upload; after this the hint is not worth showing. */
const DUPLICATE_WAIT_MS = 90_000;

/**
 * After an image upload: waits (polling) until the server fingerprinted it, then calls `found` with
 * the member's own earlier file it looks like, if any. Failures are silent: the hint is a courtesy.
 */
export function watchForDuplicate(fileId: number, found: (original: NonNullable<DuplicateDto['duplicateOf']>) => void): void {
  const until = Date.now() + DUPLICATE_WAIT_MS;
  let wait = DUPLICATE_POLL_MS;
  const ask = async () => {
    try {
      const answer = await call('getFileDuplicate', { params: { id: fileId } });
      if (answer.duplicateOf) return found(answer.duplicateOf);
      if (!answer.pending) return;
    } catch {
      return;
    }
    wait = Math.min(Math.round(wait * 1.5), DUPLICATE_POLL_MAX_MS);
    if (Date.now() < until) window.setTimeout(() => void ask(), wait);
  };
  window.setTimeout(() => void ask(), DUPLICATE_POLL_MS);
}
