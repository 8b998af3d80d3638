import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { comments, fileLikes, files, users } from '../../../db/schema/index';
import { privateGrantIdsSql, visibleFilesSql, type Viewer } from '../../../access/visibility';
import { blockedIdsSql, mutedIdsSql, notHiddenOwnerSql, suspendedIdsSql } from '../../../access/blocks';
import { intArrayLiteral } from '../../../db/sql-arrays';
import { idsOf } from '../../../db/rows';

const ownerColumns = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImageKey: users.profileImageKey };

/**
 * The statements behind the read caches (docs/decisions/018). They run only on a miss; the ones a
 * busy site runs most are prepared once per process instead of being rebuilt by the query
 * builder for every call (PostgreSQL also keeps their plans per connection). Cards by id, the
 * commonest, are read on `once`: a primary key lookup whatever the ids, which PostgreSQL would
 * otherwise plan again on every call (docs/decisions/011-search.md, "Planned once").
 */
export function createReadsRepo(db: Db, once: Db) {
  const cardRows = once
    .select({ file: files, owner: ownerColumns })
    .from(files)
    .innerJoin(users, eq(users.id, files.userId))
    .where(sql`${files.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('reads_card_rows');
  const publicHead = db
    .select({ id: files.id, userId: files.userId })
    .from(files)
    .where(and(eq(files.isPublic, true), notHiddenOwnerSql(files.userId, null)))
    .orderBy(desc(files.id))
    .limit(sql.placeholder('limit'))
    .prepare('reads_public_head');
  const publicBefore = db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.isPublic, true), notHiddenOwnerSql(files.userId, null), sql`${files.id} < ${sql.placeholder('before')}`))
    .orderBy(desc(files.id))
    .limit(sql.placeholder('limit'))
    .prepare('reads_public_before');
  const likedIds = db
    .select({ id: fileLikes.fileId })
    .from(fileLikes)
    .where(eq(fileLikes.userId, sql.placeholder('userId')))
    .limit(sql.placeholder('limit'))
    .prepare('reads_liked_ids');
  const likedAmong = db
    .select({ id: fileLikes.fileId })
    .from(fileLikes)
    .where(and(eq(fileLikes.userId, sql.placeholder('userId')), sql`${fileLikes.fileId} = any(${sql.placeholder('ids')}::int[])`))
    .prepare('reads_liked_among');
  const commentPage = db
    .select({ comment: { id: comments.id, userId: comments.userId, content: comments.content, createdAt: comments.createdAt }, user: ownerColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.fileId, sql.placeholder('fileId')))
    .orderBy(asc(comments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('reads_comment_page');

  return {
    /** Files with their owners' display fields, in no particular order. */
    cardRows: (ids: number[]) => cardRows.execute({ ids: intArrayLiteral(ids) }),
    /** The newest `limit` public files' ids and owners, newest first (the partial index files_public_id_idx). */
    publicHead: (limit: number): Promise<{ id: number; userId: number }[]> => publicHead.execute({ limit }),
    /** Public ids below `before`, newest first: a deep page past the cached head. */
    async publicBefore(before: number, limit: number): Promise<number[]> {
      return (await publicBefore.execute({ before, limit })).map((r) => r.id);
    },
    /** Ids of the non-public files this viewer may see, newest first (the visibility module's query). */
    async privateGrants(viewer: NonNullable<Viewer>): Promise<number[]> {
      return idsOf(db, privateGrantIdsSql(viewer));
    },
    /** At most `limit` of the files this member liked. */
    async likedIds(userId: number, limit: number): Promise<number[]> {
      return (await likedIds.execute({ userId, limit })).map((r) => r.id);
    },
    /** Which of `ids` this member liked. */
    async likedAmong(userId: number, ids: number[]): Promise<number[]> {
      return (await likedAmong.execute({ userId, ids: intArrayLiteral(ids) })).map((r) => r.id);
    },
    /** The suspended members (server/access/blocks.ts). */
    async suspendedIds(): Promise<number[]> {
      return idsOf(db, suspendedIdsSql);
    },
    /** The members a block hides from this one, either way, and those this one muted (server/access/blocks.ts). */
    async relations(viewerId: number): Promise<{ blocked: number[]; muted: number[] }> {
      const viewer = { id: viewerId };
      const result = await db.execute<{ id: number; kind: string }>(
        sql`select distinct h.id, 'blocked' as kind from (${blockedIdsSql(viewer)}) h(id) union select m.id, 'muted' from (${mutedIdsSql(viewer)}) m(id)`,
      );
      const rows = (result as unknown as { rows: { id: number; kind: string }[] }).rows;
      const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.id));
      return { blocked: of('blocked'), muted: of('muted') };
    },
    /** A feed page straight from the rule, newest first, without muted members: for a member whose blocks or mutes thin the shared skeleton. */
    async visiblePage(viewer: NonNullable<Viewer>, place: { offset: number; limit: number; before?: number }): Promise<number[]> {
      const notMuted = sql`${files.userId} not in (${mutedIdsSql(viewer)})`;
      const where = and(visibleFilesSql(viewer), notMuted, place.before === undefined ? undefined : sql`${files.id} < ${place.before}`)!;
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(where)
        .orderBy(desc(files.id))
        .limit(place.limit)
        .offset(place.before === undefined ? place.offset : 0);
      return rows.map((r) => r.id);
    },
    commentPage: (fileId: number, page: { offset: number; limit: number }) => commentPage.execute({ fileId, ...page }),
  };
}
export type ReadsRepo = ReturnType<typeof createReadsRepo>;
export type CardRow = Awaited<ReturnType<ReadsRepo['cardRows']>>[number];
