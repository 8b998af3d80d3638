import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, fileLikes, files } from '../../db/schema/index';

/** Likes and comments; each write keeps the file's counter in step (views: views.repo.ts). */
export function createSocialRepo(db: Db) {
  /**
   * Adds or removes one like and answers the file's count, derived from the likes themselves.
   * The file row is locked first, so concurrent likes and unlikes of one file run one after
   * the other: each count statement (a new snapshot under READ COMMITTED) sees the writes of
   * the ones before. A +1/-1 on the counter drifted when a like and an unlike interleaved.
   */
  async function setLike(fileId: number, userId: number, liked: boolean): Promise<number> {
    return db.transaction(async (tx) => {
      const locked = await tx.select({ id: files.id }).from(files).where(eq(files.id, fileId)).for('update');
      if (!locked.length) return 0;
      if (liked) await tx.insert(fileLikes).values({ fileId, userId }).onConflictDoNothing();
      else await tx.delete(fileLikes).where(and(eq(fileLikes.fileId, fileId), eq(fileLikes.userId, userId)));
      const count = sql<number>`(select count(*)::int from ${fileLikes} where ${fileLikes.fileId} = ${fileId})`;
      const [row] = await tx.update(files).set({ likeCount: count }).where(eq(files.id, fileId)).returning({ n: files.likeCount });
      return row?.n ?? 0;
    });
  }

  return {
    /** Likes once (idempotent) and answers the file's like count. */
    async like(fileId: number, userId: number): Promise<number> {
      return setLike(fileId, userId, true);
    },
    /** Removes the like if there is one and answers the file's like count. */
    async unlike(fileId: number, userId: number): Promise<number> {
      return setLike(fileId, userId, false);
    },
    async addComment(fileId: number, userId: number, content: string) {
      const [row] = await db.insert(comments).values({ fileId, userId, content }).returning();
      await db.update(files).set({ commentCount: sql`${files.commentCount} + 1` }).where(eq(files.id, fileId));
      return row;
    },
  };
}
export type SocialRepo = ReturnType<typeof createSocialRepo>;
