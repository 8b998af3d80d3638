import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { comments, fileLikes, files, users } from '../../../db/schema/index';
import { privateGrantIdsSql, type Viewer } from '../../../access/visibility';
import { intArrayLiteral } from '../../../db/sql-arrays';

const ownerColumns = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImageKey: users.profileImageKey };

/**
 * The statements behind the read caches (docs/decisions/018). They run only on a miss; the ones a
 * busy site runs most are prepared once per process instead of being rebuilt by the query
 * builder for every call (PostgreSQL also keeps their plans per connection).
 */
export function createReadsRepo(db: Db) {
  const cardRows = db
    .select({ file: files, owner: ownerColumns })
    .from(files)
    .innerJoin(users, eq(users.id, files.userId))
    .where(sql`${files.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('reads_card_rows');
  const publicHead = db
    .select({ id: files.id })
    .from(files)
    .where(eq(files.isPublic, true))
    .orderBy(desc(files.id))
    .limit(sql.placeholder('limit'))
    .prepare('reads_public_head');
  const publicBefore = db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.isPublic, true), sql`${files.id} < ${sql.placeholder('before')}`))
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
    .select({ comment: { id: comments.id, content: comments.content, createdAt: comments.createdAt }, user: ownerColumns })
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
    /** The newest `limit` public ids, newest first (the partial index files_public_id_idx). */
    async publicHead(limit: number): Promise<number[]> {
      return (await publicHead.execute({ limit })).map((r) => r.id);
    },
    /** Public ids below `before`, newest first: a deep page past the cached head. */
    async publicBefore(before: number, limit: number): Promise<number[]> {
      return (await publicBefore.execute({ before, limit })).map((r) => r.id);
    },
    /** Ids of the non-public files this viewer may see, newest first (the visibility module's query). */
    async privateGrants(viewer: NonNullable<Viewer>): Promise<number[]> {
      const result = await db.execute<{ id: number }>(privateGrantIdsSql(viewer));
      return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    },
    /** At most `limit` of the files this member liked. */
    async likedIds(userId: number, limit: number): Promise<number[]> {
      return (await likedIds.execute({ userId, limit })).map((r) => r.id);
    },
    /** Which of `ids` this member liked. */
    async likedAmong(userId: number, ids: number[]): Promise<number[]> {
      return (await likedAmong.execute({ userId, ids: intArrayLiteral(ids) })).map((r) => r.id);
    },
    commentPage: (fileId: number, page: { offset: number; limit: number }) => commentPage.execute({ fileId, ...page }),
  };
}
export type ReadsRepo = ReturnType<typeof createReadsRepo>;
export type CardRow = Awaited<ReturnType<ReadsRepo['cardRows']>>[number];
