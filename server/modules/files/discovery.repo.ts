import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idsOf, rowsOf } from '../../db/rows';
import { files, users } from '../../db/schema/index';
import { indexedOrder, indexedOrderSql, isIndexedSort } from './index-orders';

export type SortBy = 'random' | 'newest' | 'oldest' | 'most_liked' | 'most_viewed' | 'alphabetical';
export type TypeFilter = 'all' | 'image' | 'video' | 'audio' | 'document';

export function kindCondition(type: TypeFilter | undefined): SQL | undefined {
  if (!type || type === 'all') return undefined;
  if (type === 'document') return inArray(files.kind, ['pdf', 'document']);
  return eq(files.kind, type);
}

/** The feed orders of the spec; search adds relevance on top of these. */
export function fileSortOrder(sort: SortBy, seed: string): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(files.id)];
    case 'oldest':
      return [asc(files.id)];
    case 'most_liked':
    case 'most_viewed':
    case 'alphabetical':
      return indexedOrder(sort);
    default:
      // A stable shuffle for the seed, so offset pages of one "random" feed do not repeat.
      return [sql`md5(${files.id}::text || ${seed})`];
  }
}

export function createDiscoveryRepo(db: Db) {
  return {
    async ids(where: SQL, opts: { sort: SortBy; type?: TypeFilter; offset: number; limit: number; seed: string }): Promise<number[]> {
      const cond = and(where, kindCondition(opts.type))!;
      if (isIndexedSort(opts.sort)) return idsOf(db, indexedOrderSql(cond, opts.sort, opts));
      const rows = await db.select({ id: files.id }).from(files).where(cond).orderBy(...fileSortOrder(opts.sort, opts.seed)).limit(opts.limit).offset(opts.offset);
      return rows.map((r) => r.id);
    },
    /** Images under `where` (the caller's visibility condition), in a stable shuffle for the seed. */
    async slideshow(where: SQL, limit: number, seed: string) {
      return db
        .select({ id: files.id, name: files.name, kind: files.kind, altText: files.altText, recognizedTags: files.recognizedTags, webpKey: files.webpKey, storageKey: files.storageKey, placeholder: files.placeholder, username: users.username })
        .from(files)
        .innerJoin(users, eq(users.id, files.userId))
        .where(and(where, eq(files.kind, 'image')))
        .orderBy(sql`md5(${files.id}::text || ${seed})`)
        .limit(limit);
    },
    /** Distinct tags of the files under `where` (the caller's visibility condition), drawn at random. */
    async randomTags(where: SQL, limit: number): Promise<string[]> {
      const rows = await rowsOf<{ tag: string }>(
        db,
        sql`select tag from (select distinct unnest(${files.tags} || ${files.hashtags}) as tag from ${files} where ${where}) t order by random() limit ${limit}`,
      );
      return rows.map((r) => r.tag);
    },
  };
}
export type DiscoveryRepo = ReturnType<typeof createDiscoveryRepo>;
