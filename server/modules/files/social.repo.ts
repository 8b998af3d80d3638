import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { comments, fileLikes, files, users } from '../../db/schema/index';

/**
 * Likes and comments; each write keeps the file's counter in step (views: views.repo.ts). The
 * writes run in their caller's transaction, which records their event (social-writes.ts): the
 * event exists exactly when the row does.
 */
export function createSocialRepo(db: Db) {
  /**
   * Adds or removes one like and answers the file's count, derived from the likes themselves.
   * The like is written first; then the file row is locked, so concurrent likes and unlikes of
   * one file count one after the other: each count statement (a new snapshot under READ
   * COMMITTED) sees the likes of the ones that counted before, and its own. A +1/-1 on the
   * counter drifted when a like and an unlike interleaved. The lock is `for no key update`: the
   * like's foreign key holds a key-share lock on the row, which a `for update` would wait on
   * (two likes would deadlock). Taken after the write, it is held only for the count and the commit.
   * Answers the file's count, and whether this call added or removed the like (a repeat did not).
   */
  async function setLike(tx: Tx, fileId: number, userId: number, liked: boolean): Promise<{ count: number; changed: boolean }> {
    // Locked as the foreign key will lock it: a file being deleted is waited for, then skipped (no like, no error).
    const exists = sql`exists (select 1 from ${files} where ${files.id} = ${fileId} for key share)`;
    const changed = liked
      ? await tx.insert(fileLikes).select(sql`select ${fileId}, ${userId}, now() where ${exists}`).onConflictDoNothing().returning({ id: fileLikes.fileId })
      : await tx.delete(fileLikes).where(and(eq(fileLikes.fileId, fileId), eq(fileLikes.userId, userId))).returning({ id: fileLikes.fileId });
    const locked = await tx.select({ id: files.id }).from(files).where(eq(files.id, fileId)).for('no key update');
    if (!locked.length) return { count: 0, changed: false };
    const count = sql<number>`(select count(*)::int from ${fileLikes} where ${fileLikes.fileId} = ${fileId})`;
    const [row] = await tx.update(files).set({ likeCount: count }).where(eq(files.id, fileId)).returning({ n: files.likeCount });
    return { count: row?.n ?? 0, changed: changed.length > 0 };
  }

  return {
    setLike,
    async insertComment(tx: Tx, fileId: number, userId: number, content: string) {
      const [row] = await tx.insert(comments).values({ fileId, userId, content }).returning();
      await tx.update(files).set({ commentCount: sql`${files.commentCount} + 1` }).where(eq(files.id, fileId));
      return row;
    },
    /**
     * Deletes a comment with the file's count and the notifications it made ('comment' and
     * 'reply' rows carry its id in their dedupe key); null when it was gone.
     */
    async deleteComment(tx: Tx, id: number): Promise<{ fileId: number } | null> {
      const [row] = await tx.delete(comments).where(eq(comments.id, id)).returning({ fileId: comments.fileId });
      if (!row) return null;
      await tx.update(files).set({ commentCount: sql`greatest(${files.commentCount} - 1, 0)` }).where(eq(files.id, row.fileId));
      await tx.execute(sql`delete from notifications where dedupe_key in (${`comment:${id}`}, ${`reply:${id}`})`);
      return row;
    },
    /** A comment with its author, for the handlers of its event. */
    async findComment(id: number) {
      const [row] = await db.select({ comment: comments, author: users }).from(comments).innerJoin(users, eq(users.id, comments.userId)).where(eq(comments.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type SocialRepo = ReturnType<typeof createSocialRepo>;
