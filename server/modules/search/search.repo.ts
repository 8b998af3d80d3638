import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, type SearchSort } from '../../../contract/search';
import type { Db } from '../../db/client';
import { idsOf } from '../../db/rows';
import { files, folders, users } from '../../db/schema/index';
import { visibleFoldersSql } from '../../access/folder-access';
import { visibleFilesSql, type Viewer } from '../../access/visibility';
import { notHiddenOwnerSql } from '../../access/blocks';
import { fileSortOrder, kindCondition, type TypeFilter } from '../files/discovery.repo';
import { cappedCountQuery, indexedOrderSql, isIndexedSort, pageSql, type Page } from '../files/index-orders';
import type { PublicUserFields } from '../users/users.presenter';
import { fileMatchSql, fileRankSql, folderMatchSql, folderRankSql, userMatchSql, userRankSql, type MatchMode, type SearchText } from './search-text';

/** How many files match, up to SEARCH_COUNT_CAP; `capped` when more do. */
export type CappedCount = { count: number; capped: boolean };

/** A capped count statement's answer (it counts one past the cap) as a count. */
export function cappedCount(n: number): CappedCount {
  return n > SEARCH_COUNT_CAP ? { count: SEARCH_COUNT_CAP, capped: true } : { count: n, capped: false };
}

/** What narrows the files: text and/or an exact tag, and a media type. */
export type FileFilter = { text: SearchText | null; tag?: string; type?: TypeFilter; ownerId?: number };

/**
 * The WHERE of a file search. Visibility comes from server/access/visibility.ts and nothing
 * else, so a private file is neither listed nor counted; list and count share this condition.
 */
export function fileSearchWhere(viewer: Viewer, f: FileFilter, mode: MatchMode): SQL {
  return and(
    visibleFilesSql(viewer),
    f.ownerId !== undefined ? eq(files.userId, f.ownerId) : undefined,
    f.text ? fileMatchSql(f.text, mode) : undefined,
    // A file's #hashtags count as its tags (docs/decisions/032); each array has its GIN index.
    f.tag ? sql`(${files.tags} @> array[${f.tag}]::text[] or ${files.hashtags} @> array[${f.tag}]::text[])` : undefined,
    kindCondition(f.type),
  )!;
}

export function fileOrder(sort: SearchSort, text: SearchText | null, mode: MatchMode): SQL[] {
  if (sort !== 'relevance') return fileSortOrder(sort, '');
  return text ? [desc(fileRankSql(text, mode)), desc(files.id)] : [desc(files.id)];
}

function folderOrder(sort: SearchSort, text: SearchText): SQL[] {
  if (sort === 'oldest') return [asc(folders.id)];
  if (sort === 'newest') return [desc(folders.id)];
  if (sort === 'alphabetical') return [asc(sql`lower(${folders.name})`), asc(folders.id)];
  return [desc(folderRankSql(text)), desc(folders.id)];
}

function userOrder(sort: SearchSort, text: SearchText): SQL[] {
  if (sort === 'oldest') return [asc(users.id)];
  if (sort === 'newest') return [desc(users.id)];
  if (sort === 'alphabetical') return [asc(users.username)];
  return [desc(userRankSql(text)), asc(users.username)];
}

/** The columns of `PublicUserFields`. */
const publicUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  profileImageKey: users.profileImageKey,
  followersCount: users.followersCount,
  followingCount: users.followingCount,
  createdAt: users.createdAt,
};

/** Waitlisted and refused accounts are as unknown to search as they are to profiles. */
const activeUsers = eq(users.status, 'active');

/**
 * A page of files by spelling, by relevance, in one statement. Up to SEARCH_COUNT_CAP matches,
 * every match is ranked; past it, ranking would read and score every one of them, so the matches
 * are paged newest first, which the primary key's index gives after a few dozen rows. The CTE
 * holds the matches (up to one past the cap) with `keep`, the column the rank reads, and the
 * ranked branch sorts those rows under the name `files` instead of finding them again: a typo's
 * spellings are nine trigram scans each time. Both branches wait on the CTE's count as a
 * one-time filter: PostgreSQL runs only the branch it selects. Words are counted first instead
 * (`wordsPageSql`), so their page is one branch.
 */
export function rankedOrNewestSql(where: SQL, ranked: SQL[], page: Page, keep: SQL): SQL {
  const over = sql`(select count(*) from matched) > ${SEARCH_COUNT_CAP}`;
  const matches = sql`select ${files.id}, ${keep} from ${files} where ${where} limit ${SEARCH_COUNT_CAP + 1}`;
  const newest = pageSql(and(where, over)!, [desc(files.id)], page);
  const rankedPage = sql`(select ${files.id} as id from matched as ${files} where not ${over} order by ${sql.join(ranked, sql`, `)} limit ${page.limit} offset ${page.offset})`;
  return sql`with matched as materialized (${matches}) ${newest} union all ${rankedPage}`;
}

/**
 * A page of files by words, by relevance, once their capped count is known: ranked up to
 * SEARCH_COUNT_CAP matches, newest first past it (see `rankedOrNewestSql`). Counting first and
 * sending only the page's order costs a round trip but plans two short statements instead of
 * one holding the visibility rule three times (docs/decisions/011-search.md, "Counted first").
 */
export function wordsPageSql(where: SQL, text: SearchText, matches: CappedCount, page: Page): SQL {
  return pageSql(where, matches.capped ? [desc(files.id)] : fileOrder('relevance', text, 'words'), page);
}

/**
 * Ids first (skeleton); the routes hydrate them with the presenters every other list uses.
 * Members and matches by spelling are asked on `once` (planned once for any values); words and
 * folders, whose best plan depends on how common the word is, are planned for each search.
 */
export function createSearchRepo(db: Db, once: Db) {
  async function count(on: Db, table: typeof files | typeof folders | typeof users, where: SQL): Promise<number> {
    const [row] = await on.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
    return row.n;
  }

  async function countCapped(where: SQL, mode: MatchMode): Promise<CappedCount> {
    const [row] = await cappedCountQuery(mode === 'spelling' ? once : db, where);
    return cappedCount(row.n);
  }

  /** Capped for search's counts; exact for a profile's file count (`cap` false). */
  async function countIn(mode: MatchMode, viewer: Viewer, f: FileFilter, cap = true): Promise<CappedCount> {
    const where = fileSearchWhere(viewer, f, mode);
    return cap ? countCapped(where, mode) : { count: await count(db, files, where), capped: false };
  }

  /**
   * Words when any visible file (under the same filters) matches them, else spelling: list and
   * count decide alike, so the count is still what the list pages through. A count, not an
   * EXISTS … LIMIT 1: with no match, LIMIT 1 led the planner to read the whole table.
   */
  async function modeFor(viewer: Viewer, f: FileFilter, cap = true): Promise<{ mode: MatchMode; matches: CappedCount }> {
    const words = await countIn('words', viewer, f, cap);
    if (words.count > 0 || !f.text) return { mode: 'words', matches: words };
    return { mode: 'spelling', matches: await countIn('spelling', viewer, f, cap) };
  }

  /** One page in one order other than relevance with text: most liked, most viewed and alphabetical by `indexedOrderSql`. */
  async function idsIn(mode: MatchMode, viewer: Viewer, f: FileFilter, sort: SearchSort, page: Page): Promise<number[]> {
    const where = fileSearchWhere(viewer, f, mode);
    if (isIndexedSort(sort)) return idsOf(db, indexedOrderSql(where, sort, page));
    const rows = await db
      .select({ id: files.id })
      .from(files)
      .where(where)
      .orderBy(...fileOrder(sort, f.text, mode))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map((r) => r.id);
  }

  /** By relevance: the words' page once counted, else by spelling, whose one plan suits any text (planned once: docs/decisions/011, "Planned once"). */
  async function relevantIds(viewer: Viewer, f: FileFilter & { text: SearchText }, page: Page): Promise<number[]> {
    const words = await countIn('words', viewer, f);
    if (words.count > 0) return idsOf(db, wordsPageSql(fileSearchWhere(viewer, f, 'words'), f.text, words, page));
    return idsOf(once, rankedOrNewestSql(fileSearchWhere(viewer, f, 'spelling'), fileOrder('relevance', f.text, 'spelling'), page, sql`${files.name}`));
  }

  return {
    modeFor,
    /**
     * By relevance with text, the words are counted first (`relevantIds`). In any other order one
     * statement when the words match: a page that holds rows proves the mode without a count.
     * Only an empty page asks whether the words match at all (past the end, or a typo).
     */
    async fileIds(viewer: Viewer, f: FileFilter, sort: SearchSort, page: Page): Promise<number[]> {
      if (sort === 'relevance' && f.text) return relevantIds(viewer, { ...f, text: f.text }, page);
      const words = await idsIn('words', viewer, f, sort, page);
      if (words.length > 0 || !f.text) return words;
      if (page.offset > 0 && (await countIn('words', viewer, f)).count > 0) return [];
      return idsIn('spelling', viewer, f, sort, page);
    },
    /** Search's count: exact up to SEARCH_COUNT_CAP, `capped` past it. */
    async countFilesCapped(viewer: Viewer, f: FileFilter): Promise<CappedCount> {
      return (await modeFor(viewer, f)).matches;
    },
    /** Every match counted (a profile's files): exact, whatever it costs. */
    async countFiles(viewer: Viewer, f: FileFilter): Promise<number> {
      return (await modeFor(viewer, f, false)).matches.count;
    },
    async folderIds(viewer: Viewer, text: SearchText, sort: SearchSort, page: Page): Promise<number[]> {
      const rows = await db
        .select({ id: folders.id })
        .from(folders)
        .where(and(visibleFoldersSql(viewer), folderMatchSql(text)))
        .orderBy(...folderOrder(sort, text))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((r) => r.id);
    },
    countFolders(viewer: Viewer, text: SearchText): Promise<number> {
      return count(db, folders, and(visibleFoldersSql(viewer), folderMatchSql(text))!);
    },
    /** Active members the viewer may see: none with whom a block stands (server/access/blocks.ts). Only what their public card shows. */
    async users(viewer: Viewer, text: SearchText, sort: SearchSort, page: Page): Promise<PublicUserFields[]> {
      return once
        .select(publicUserColumns)
        .from(users)
        .where(and(activeUsers, userMatchSql(text), notHiddenOwnerSql(users.id, viewer)))
        .orderBy(...userOrder(sort, text))
        .limit(page.limit)
        .offset(page.offset);
    },
    countUsers(viewer: Viewer, text: SearchText): Promise<number> {
      return count(once, users, and(activeUsers, userMatchSql(text), notHiddenOwnerSql(users.id, viewer))!);
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
