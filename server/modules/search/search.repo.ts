import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SearchSort } from '../../../contract/search';
import type { Db } from '../../db/client';
import { files, folders, users } from '../../db/schema/index';
import { visibleFoldersSql } from '../../access/folder-access';
import { visibleFilesSql, type Viewer } from '../../access/visibility';
import { fileSortOrder, kindCondition, type TypeFilter } from '../files/discovery.repo';
import { fileMatchSql, fileRankSql, folderMatchSql, folderRankSql, userMatchSql, userRankSql, type MatchMode, type SearchText } from './search-text';

export type Page = { offset: number; limit: number };

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
    f.tag ? sql`${files.tags} @> array[${f.tag}]::text[]` : undefined,
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

/** Waitlisted and refused accounts are as unknown to search as they are to profiles. */
const activeUsers = eq(users.status, 'active');

/** Ids first (skeleton); the routes hydrate them with the presenters every other list uses. */
export function createSearchRepo(db: Db) {
  async function count(table: typeof files | typeof folders | typeof users, where: SQL): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
    return row.n;
  }

  const countIn = (mode: MatchMode, viewer: Viewer, f: FileFilter) => count(files, fileSearchWhere(viewer, f, mode));

  /**
   * Words when any visible file (under the same filters) matches them, else spelling: list and
   * count decide alike, so the count is still what the list pages through. A count, not an
   * EXISTS … LIMIT 1: with no match, LIMIT 1 led the planner to read the whole table.
   */
  async function modeFor(viewer: Viewer, f: FileFilter): Promise<{ mode: MatchMode; matches: number }> {
    const words = await countIn('words', viewer, f);
    if (words > 0 || !f.text) return { mode: 'words', matches: words };
    return { mode: 'spelling', matches: await countIn('spelling', viewer, f) };
  }

  function idsIn(mode: MatchMode, viewer: Viewer, f: FileFilter, sort: SearchSort, page: Page): Promise<{ id: number }[]> {
    return db
      .select({ id: files.id })
      .from(files)
      .where(fileSearchWhere(viewer, f, mode))
      .orderBy(...fileOrder(sort, f.text, mode))
      .limit(page.limit)
      .offset(page.offset);
  }

  return {
    modeFor,
    /**
     * One query when the words match: a page that holds rows proves the mode without a count.
     * Only an empty page asks whether the words match at all (past the end, or a typo).
     */
    async fileIds(viewer: Viewer, f: FileFilter, sort: SearchSort, page: Page): Promise<number[]> {
      const words = await idsIn('words', viewer, f, sort, page);
      if (words.length > 0 || !f.text) return words.map((r) => r.id);
      if (page.offset > 0 && (await countIn('words', viewer, f)) > 0) return [];
      return (await idsIn('spelling', viewer, f, sort, page)).map((r) => r.id);
    },
    async countFiles(viewer: Viewer, f: FileFilter): Promise<number> {
      return (await modeFor(viewer, f)).matches;
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
      return count(folders, and(visibleFoldersSql(viewer), folderMatchSql(text))!);
    },
    async users(text: SearchText, sort: SearchSort, page: Page) {
      return db
        .select()
        .from(users)
        .where(and(activeUsers, userMatchSql(text)))
        .orderBy(...userOrder(sort, text))
        .limit(page.limit)
        .offset(page.offset);
    },
    countUsers(text: SearchText): Promise<number> {
      return count(users, and(activeUsers, userMatchSql(text))!);
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
