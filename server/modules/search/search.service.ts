import type { SearchCountQuery, SearchCountResponse, SearchQuery, SearchResultItem } from '../../../contract/search';
import { USER_SEARCH_MIN } from '../../../contract/users';
import type { Viewer } from '../../access/visibility';
import type { FileReads } from '../files/reads/file-reads';
import { jsonArray } from '../files/reads/send-json';
import type { FolderFilesRepo } from '../folders/folder-files.repo';
import { toFolderDto } from '../folders/folders.presenter';
import type { FoldersRepo } from '../folders/folders.repo';
import { toPublicUser, type PublicUserFields } from '../users/users.presenter';
import { hashtagQuery } from '../../../contract/post-text';
import { parseSearchText, type SearchText } from './search-text';
import type { CappedCount, FileFilter, SearchRepo } from './search.repo';
import type { Page } from '../files/index-orders';

export type SearchDeps = { search: SearchRepo; reads: Pick<FileReads, 'cards'>; folders: Pick<FoldersRepo, 'findVisibleByIds'>; links: Pick<FolderFilesRepo, 'countVisible'> };

type Filters = SearchCountQuery | SearchQuery;

/** The collaborator and recipient pickers show a short list. */
const USER_PICKER_LIMIT = 20;

/**
 * One result group: how many match, and one page of them already presented, each item as its
 * JSON bytes (one or more pieces). Only files, the last group, may be capped (a capped count of
 * an earlier group would misplace the offset where the next group starts).
 */
type Group = { name: 'users' | 'folders' | 'files'; count(): Promise<CappedCount>; page(page: Page): Promise<Buffer[][]> };

/** One result as JSON bytes. Presenters build exactly the contract's shapes (search.int.test.ts checks every answer against it). */
const item = (result: SearchResultItem): Buffer[] => [Buffer.from(JSON.stringify(result))];
const FILE_OPEN = Buffer.from('{"type":"file","data":');
const FILE_CLOSE = Buffer.from('}');

const exact = async (n: Promise<number>): Promise<CappedCount> => ({ count: await n, capped: false });

/**
 * The groups a search pages through, in the order the page shows them: users, folders, files.
 * Users and folders carry no tags, so a tag chip's search holds files only.
 */
function groupsFor(d: SearchDeps, viewer: Viewer, filters: Filters): Group[] {
  // `#word` alone is that tag: exactly the files carrying it as a tag or a hashtag.
  const hashtag = filters.tag ? null : hashtagQuery(filters.q);
  const f = hashtag ? { ...filters, q: '', tag: hashtag } : filters;
  const text = parseSearchText(f.q);
  const sort = 'sortBy' in f && f.sortBy ? f.sortBy : 'relevance';
  const wants = (t: 'users' | 'folders' | 'files') => f.resultType === 'all' || f.resultType === t;
  const groups: Group[] = [];
  if (text && !f.tag && wants('users')) groups.push(userGroup(d, viewer, text, sort));
  if (text && !f.tag && wants('folders')) groups.push(folderGroup(d, viewer, text, sort));
  // Text that holds no letter or digit (say "!!!") matches nothing, unless a tag is searched.
  if ((text || f.tag) && wants('files')) {
    const filter: FileFilter = { text, tag: f.tag, type: f.fileType ?? f.mediaType };
    groups.push({
      name: 'files',
      count: () => d.search.countFilesCapped(viewer, filter),
      // The shared card cache, each card checked by the visibility rule as it is sent (as every feed page is).
      page: async (p) => (await d.reads.cards(await d.search.fileIds(viewer, filter, sort, p), viewer)).map((card) => [FILE_OPEN, ...card, FILE_CLOSE]),
    });
  }
  return groups;
}

function userGroup(d: SearchDeps, viewer: Viewer, text: SearchText, sort: NonNullable<SearchQuery['sortBy']>): Group {
  return {
    name: 'users',
    count: () => exact(d.search.countUsers(viewer, text)),
    page: async (p) => (await d.search.users(viewer, text, sort, p)).map((u) => item({ type: 'user', data: toPublicUser(u) })),
  };
}

function folderGroup(d: SearchDeps, viewer: Viewer, text: SearchText, sort: NonNullable<SearchQuery['sortBy']>): Group {
  return {
    name: 'folders',
    count: () => exact(d.search.countFolders(viewer, text)),
    page: async (p) => {
      const ids = await d.search.folderIds(viewer, text, sort, p);
      // Loaded and counted at once: a count is only ever shown beside a folder loaded as visible.
      const [loaded, counts] = await Promise.all([d.folders.findVisibleByIds(ids, viewer), d.links.countVisible(ids, viewer)]);
      // Loaded newest first; the search's order is the ids' order.
      const byId = new Map(loaded.map((f) => [f.id, f]));
      return ids.flatMap((id) => (byId.has(id) ? [item({ type: 'folder', data: toFolderDto(byId.get(id)!, counts.get(id) ?? 0, viewer) })] : []));
    },
  };
}

/**
 * One page of the groups read as one list, as JSON bytes. A group is counted only when the page
 * starts past its end (then its count is skipped over), so a first page costs one query per group.
 */
async function searchPage(d: SearchDeps, viewer: Viewer, q: SearchQuery): Promise<Buffer> {
  const items: Buffer[][] = [];
  let offset = q.offset;
  const groups = groupsFor(d, viewer, q);
  // A first page starts every group at 0, so members' and folders' pages are asked at once (a
  // page of `limit` from 0 holds any shorter one); files, the costly group, only when they show.
  const early = new Map(q.offset === 0 ? groups.filter((g) => g.name !== 'files').map((g) => [g, g.page({ offset: 0, limit: q.limit })] as const) : []);
  for (const promise of early.values()) promise.catch(() => undefined);
  for (const group of groups) {
    const want = q.limit - items.length;
    if (want <= 0) break;
    const got = (await (early.get(group) ?? group.page({ offset, limit: want }))).slice(0, want);
    items.push(...got);
    offset = got.length > 0 || offset === 0 ? 0 : Math.max(0, offset - (await group.count()).count);
  }
  return jsonArray(items);
}

async function searchCount(d: SearchDeps, viewer: Viewer, q: SearchCountQuery): Promise<SearchCountResponse> {
  const parts = { users: 0, folders: 0, files: 0 };
  const groups = groupsFor(d, viewer, q);
  const counts = await Promise.all(groups.map((g) => g.count()));
  groups.forEach((g, i) => (parts[g.name] = counts[i].count));
  const capped = counts.some((c) => c.capped);
  return { count: parts.users + parts.folders + parts.files, ...parts, ...(capped ? { capped } : {}) };
}

/** Search and Explore (docs/decisions/011), and the member picker. */
export function createSearchService(d: SearchDeps) {
  return {
    /** One page of results as JSON bytes. */
    page: (viewer: Viewer, q: SearchQuery) => searchPage(d, viewer, q),
    count: (viewer: Viewer, q: SearchCountQuery) => searchCount(d, viewer, q),
    /** The picker (collaborators, a new message) never offers the viewer themself. */
    async pickableUsers(viewer: NonNullable<Viewer>, term: string): Promise<PublicUserFields[]> {
      const text = parseSearchText(term);
      if (!text || term.length < USER_SEARCH_MIN) return [];
      const rows = await d.search.users(viewer, text, 'relevance', { offset: 0, limit: USER_PICKER_LIMIT + 1 });
      return rows.filter((u) => u.id !== viewer.id).slice(0, USER_PICKER_LIMIT);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
