import { useCallback, useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { FileGrid } from '@/features/files/file-grid';
import { useInfiniteScroll } from '@/features/files/use-infinite-scroll';
import { NoFilesAvailable } from './search-empty';
import type { SearchFilters } from './search-params';
import { useRandomFeed } from './use-search-queries';
import { useListError } from './use-list-errors';

const NEAR_BOTTOM_PX = 500;

/** With no query: a random file feed of the chosen type and order, with infinite scroll. */
export function ExploreFeed({ filters }: { filters: SearchFilters }) {
  const feed = useRandomFeed(filters, true);
  const files = useMemo(() => feed.data?.pages.flat() ?? [], [feed.data]);
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, error } = feed;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  useInfiniteScroll({ hasMore: Boolean(hasNextPage), isFetching, loadMore, threshold: NEAR_BOTTOM_PX, itemCount: files.length });
  useListError(error, 'Failed to fetch random files');

  if (feed.isPending) {
    return <div className="flex justify-center py-24"><Spinner className="size-7" label="Loading files" /></div>;
  }
  if (files.length === 0) return error ? null : <NoFilesAvailable />;
  return (
    <>
      <FileGrid files={files} keepOrder />
      <div className="flex justify-center py-6" aria-live="polite">
        {isFetchingNextPage && <Spinner label="Loading more files" />}
      </div>
    </>
  );
}
