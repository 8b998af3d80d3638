import { useCallback, useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useInfiniteScroll } from '@/features/files/use-infinite-scroll';
import { NoResults } from './search-empty';
import { groupResults, type AddressQuery, type SearchFilters } from './search-params';
import { SearchResults } from './search-results';
import { useSearchResults, type useSearchCount } from './use-search-queries';
import { useListError } from './use-list-errors';

const NEAR_BOTTOM_PX = 500;

/** A search's grouped results with infinite scroll, or 'No results found'. */
export function SearchView({ query, filters, count }: { query: AddressQuery; filters: SearchFilters; count: ReturnType<typeof useSearchCount> }) {
  const results = useSearchResults(query, filters, true);
  const items = useMemo(() => results.data?.pages.flat() ?? [], [results.data]);
  const groups = useMemo(() => groupResults(items), [items]);
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, error } = results;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  useInfiniteScroll({ hasMore: Boolean(hasNextPage), isFetching, loadMore, threshold: NEAR_BOTTOM_PX, itemCount: items.length });
  useListError(error, 'Search failed');
  useListError(count.error, 'Search count failed');

  if (results.isPending) {
    return <div className="flex justify-center py-24"><Spinner className="size-7" label="Searching" /></div>;
  }
  if (items.length === 0) return error ? null : <NoResults />;
  return (
    <>
      <SearchResults groups={groups} counts={count.data} />
      <div className="flex justify-center py-6" aria-live="polite">
        {isFetchingNextPage && <Spinner label="Loading more results" />}
      </div>
    </>
  );
}
