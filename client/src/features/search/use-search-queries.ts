import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@contract/limits';
import { call, endpointKey, endpointQuery } from '@/lib/call';
import { nextOffset } from '@/lib/paging';
import { searchParams, type AddressQuery, type SearchFilters } from './search-params';

/** Search results as one list paged by 20: users, then folders, then files (contract/search.ts). */
export function useSearchResults(query: AddressQuery, filters: SearchFilters, enabled: boolean) {
  const params = searchParams(query, filters);
  return useInfiniteQuery({
    queryKey: endpointKey('searchFiles', { query: params }),
    queryFn: ({ pageParam, signal }) => call('searchFiles', { query: { ...params, offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
  });
}

/** The total the list pages through (the spec names the type filter `mediaType` here). */
export function useSearchCount(query: AddressQuery, filters: SearchFilters, enabled: boolean) {
  const { q, tag, fileType, resultType } = searchParams(query, filters);
  return useQuery({ ...endpointQuery('countSearchResults', { query: { q, tag, mediaType: fileType, resultType } }), enabled });
}

/** The Explore feed with no query: random files (or the chosen order) of the chosen type. */
export function useRandomFeed(filters: SearchFilters, enabled: boolean) {
  const params = { sortBy: filters.sortBy ?? undefined, fileType: filters.fileType === 'all' ? undefined : filters.fileType };
  return useInfiniteQuery({
    queryKey: endpointKey('listRandomFiles', { query: params }),
    queryFn: ({ pageParam, signal }) => call('listRandomFiles', { query: { ...params, offset: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
  });
}
