import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import { PAGE_SIZE } from '@contract/limits';
import { api } from '@contract/routes';
import type { SearchCountResponse, SearchResultItem } from '@contract/search';
import { getJson, nextOffset } from '@/lib/paging';
import { searchParams, type AddressQuery, type SearchFilters } from './search-params';


/** Search results as one list paged by 20: users, then folders, then files (contract/search.ts). */
export function useSearchResults(query: AddressQuery, filters: SearchFilters, enabled: boolean) {
  const params = searchParams(query, filters);
  return useInfiniteQuery({
    queryKey: [api.search, params],
    queryFn: ({ pageParam, signal }) => getJson<SearchResultItem[]>(api.search, { ...params, offset: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
  });
}

/** The total the list pages through (the spec names the type filter `mediaType` here). */
export function useSearchCount(query: AddressQuery, filters: SearchFilters, enabled: boolean) {
  const { q, tag, fileType, resultType } = searchParams(query, filters);
  const params = { q, tag, mediaType: fileType, resultType };
  return useQuery({
    queryKey: [api.searchCount, params],
    queryFn: ({ signal }) => getJson<SearchCountResponse>(api.searchCount, params, signal),
    enabled,
  });
}

/** The Explore feed with no query: random files (or the chosen order) of the chosen type. */
export function useRandomFeed(filters: SearchFilters, enabled: boolean) {
  const params = { sortBy: filters.sortBy ?? undefined, fileType: filters.fileType === 'all' ? undefined : filters.fileType };
  return useInfiniteQuery({
    queryKey: [api.randomFiles, params],
    queryFn: ({ pageParam, signal }) => getJson<FileDto[]>(api.randomFiles, { ...params, offset: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled,
  });
}
