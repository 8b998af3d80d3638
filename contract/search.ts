import { z } from 'zod';
import { pageQuery, text } from './common';
import { fileDto, fileTypeFilter, normalizeTags, sortBy, TAG_MAX_LENGTH } from './files';
import { folderDto } from './folders';
import { publicUser } from './users';

// Search and Explore.
// docs/decisions/011-search.md says how the matching works.

export const SEARCH_TEXT_MAX = 200;

/**
 * Files are counted up to this many: past it the count stops reading and answers `capped`
 * (shown as "1,000+ results"), and the list by relevance pages through every match newest
 * first instead of ranking them all (docs/decisions/011-search.md, "Common words").
 */
export const SEARCH_COUNT_CAP = 1000;

export const searchMessages = {
  queryRequired: 'Enter something to search for',
} as const;

/**
 * The spec's five orders, plus `relevance` (best match first: name over tags over description,
 * then close spellings), which is the default when `sortBy` is absent. Users are ordered by
 * match then username and folders by match then newest whatever the order, except
 * `alphabetical` (by username / name) and `oldest`/`newest` (by id) which apply to them too.
 */
export const searchSort = z.enum(['relevance', ...sortBy.options]);
export type SearchSort = z.infer<typeof searchSort>;

export const resultType = z.enum(['all', 'files', 'users', 'folders']);
export type ResultType = z.infer<typeof resultType>;

/**
 * What both the list and the count read, so the count is exactly what the list pages through.
 * - `q`: free text. Every word must match (stemmed: "cats" finds "cat"), the last word also as
 *   the start of a word while the member types ("sun" finds "sunset"); a file name or a
 *   username one letter off still matches.
 * - `tag`: a tag chip's exact tag (`/search?tag=cat`), lower-cased like stored tags; only files
 *   carry tags, so with `tag` the answer holds files only. `q` may be empty when `tag` is set.
 * - `fileType` (list) and `mediaType` (count, the spec's name) are the same filter; either is
 *   read by both calls. `document` means PDF and office documents. It narrows files only.
 */
export const searchFilters = z.object({
  q: text().trim().max(SEARCH_TEXT_MAX).default(''),
  tag: text()
    .max(TAG_MAX_LENGTH * 2)
    .transform((t) => normalizeTags(t.replace(/,/g, ' '))[0] ?? '')
    .optional(),
  fileType: fileTypeFilter.optional(),
  mediaType: fileTypeFilter.optional(),
  resultType: resultType.default('all'),
});

function needsText<T extends { q: string; tag?: string }>(f: T): boolean {
  return f.q.length > 0 || Boolean(f.tag);
}

/** GET /api/files/search. */
export const searchQuery = searchFilters
  .extend({ sortBy: searchSort.default('relevance') })
  .extend(pageQuery.shape)
  .refine(needsText, { message: searchMessages.queryRequired, path: ['q'] });
export type SearchQuery = z.infer<typeof searchQuery>;

/** GET /api/files/search/count (`sortBy`, `offset`, `limit` are accepted and ignored). */
export const searchCountQuery = searchFilters
  .extend({ sortBy: searchSort.optional() })
  .extend(pageQuery.partial().shape)
  .refine(needsText, { message: searchMessages.queryRequired, path: ['q'] });
export type SearchCountQuery = z.infer<typeof searchCountQuery>;

/**
 * One result. With `resultType=all` the list is users first, then folders, then files, paged as
 * one list by `offset`/`limit`: the page groups them (Users, Folders, Files) and asks for the
 * next page while the last one was full, exactly as on the other infinite lists.
 */
export const searchResultItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), data: publicUser }),
  z.object({ type: z.literal('folder'), data: folderDto }),
  z.object({ type: z.literal('file'), data: fileDto }),
]);
export type SearchResultItem = z.infer<typeof searchResultItem>;

export const searchResults = z.array(searchResultItem);

/**
 * `count` is the total the list pages through; the three parts add up to it. With `capped`,
 * more than SEARCH_COUNT_CAP files match: `files` is SEARCH_COUNT_CAP and `files` and `count`
 * are lower bounds (the list still pages through every match). Absent or false: exact.
 */
export const searchCountResponse = z.object({
  count: z.number().int(),
  users: z.number().int(),
  folders: z.number().int(),
  files: z.number().int(),
  capped: z.boolean().optional().describe(`true when more than ${SEARCH_COUNT_CAP} files match: files and count are then lower bounds`),
});
export type SearchCountResponse = z.infer<typeof searchCountResponse>;
