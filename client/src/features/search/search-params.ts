import type { FileDto } from '@contract/files';
import type { ResultType, SearchResultItem } from '@contract/search';
import { screens } from '@contract/screens';
import { resultCountText } from './result-count';

// The pure rules of the Search and Explore screen, tested alone.

export type TypeFilter = 'all' | 'image' | 'video' | 'audio' | 'document';
export type OrderFilter = 'newest' | 'oldest' | 'most_liked' | 'most_viewed' | 'alphabetical';

export interface SearchFilters {
  fileType: TypeFilter;
  resultType: ResultType;
  /** Unset: best match first for a search, a random order for the Explore feed. */
  sortBy: OrderFilter | null;
}

export const DEFAULT_FILTERS: SearchFilters = { fileType: 'all', resultType: 'all', sortBy: null };

export const TYPE_OPTIONS: ReadonlyArray<{ value: TypeFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
  { value: 'document', label: 'Documents' },
];

export const FIELD_OPTIONS: ReadonlyArray<{ value: ResultType; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'files', label: 'Files' },
  { value: 'users', label: 'Users' },
  { value: 'folders', label: 'Folders' },
];

export const ORDER_OPTIONS: ReadonlyArray<{ value: OrderFilter; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'most_liked', label: 'Most liked' },
  { value: 'most_viewed', label: 'Most viewed' },
  { value: 'alphabetical', label: 'Alphabetical' },
];

/** What the address bar asks for: free text `q`, or a tag chip's exact `tag`. */
export interface AddressQuery {
  q: string;
  tag: string;
}

export function readAddressQuery(search: string): AddressQuery {
  const params = new URLSearchParams(search);
  return { q: params.get('q')?.trim() ?? '', tag: params.get('tag')?.trim() ?? '' };
}

export function sameAddressQuery(a: AddressQuery, b: AddressQuery): boolean {
  return a.q === b.q && a.tag === b.tag;
}

/** The words the member searched for: the tag when a chip led here, else the text. */
export function searchTerm(query: AddressQuery): string {
  return query.tag || query.q;
}

/** /search?q=… for typed text (the header box); '/search' when the trimmed text is empty. */
export function textSearchHref(text: string): string {
  const term = text.trim();
  return screens.search(term ? { q: term } : undefined);
}

/**
 * /search?q={tag}: where every tag chip leads. The text search
 * ranks a file tagged exactly so first; the older /search?tag=… links still open the exact-tag search.
 */
export function tagSearchHref(tag: string): string {
  return screens.search({ q: tag.trim() });
}

/** 'cats in hats' → 'Cats in hats'. */
export function capitalise(text: string): string {
  return text ? text[0].toLocaleUpperCase() + text.slice(1) : text;
}

/** 'Search | {Query capitalised} | {count} results'; 'Explore' with no query. */
export function searchTitle(term: string, count: number | undefined, capped?: boolean): string {
  if (!term) return 'Explore';
  // English counts ('1 result', '1,000+ results'), not the spec's literal '1 results' (decision 023).
  const counted = count === undefined ? '…' : resultCountText(count, capped);
  return `Search | ${capitalise(term)} | ${counted}`;
}

export interface GroupedResults {
  users: Extract<SearchResultItem, { type: 'user' }>['data'][];
  folders: Extract<SearchResultItem, { type: 'folder' }>['data'][];
  files: FileDto[];
}

/** Splits result items into the page's three groups, keeping the server's order and dropping repeats. */
export function groupResults(items: readonly SearchResultItem[]): GroupedResults {
  const groups: GroupedResults = { users: [], folders: [], files: [] };
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.type}:${item.data.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (item.type === 'user') groups.users.push(item.data);
    else if (item.type === 'folder') groups.folders.push(item.data);
    else groups.files.push(item.data);
  }
  return groups;
}

/** What the search calls take from the address and the filters; unset filters are left out. */
export interface SearchCallParams {
  q?: string;
  tag?: string;
  fileType?: Exclude<TypeFilter, 'all'>;
  resultType?: Exclude<ResultType, 'all'>;
  sortBy?: OrderFilter;
}

/** The query string of one search call: the filters only when they narrow something. */
export function searchParams(query: AddressQuery, filters: SearchFilters): SearchCallParams {
  return {
    q: query.q || undefined,
    tag: query.tag || undefined,
    fileType: filters.fileType === 'all' ? undefined : filters.fileType,
    resultType: filters.resultType === 'all' ? undefined : filters.resultType,
    sortBy: filters.sortBy ?? undefined,
  };
}
