import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, fileLikes, files, fileViews, users } from '../../db/schema/index';

/** Likes, comments and views; each write keeps the file's counter in step. */
export function createSocialRepo(db: Db) {
  async function bumpLikes(fileId: number, value: SQL): Promise<number> {
    const [row] = await db.update(files).set({ likeCount: value }).where(eq(files.id, fileId)).returning({ n: files.likeCount });
    return row?.n ?? 0;
  }
  async function likeCount(fileId: number): Promise<number> {
    const [row] = await db.select({ n: files.likeCount }).from(files).where(eq(files.id, fileId));
    return row?.n ?? 0;
  }

  return {
    /** Likes once (idempotent) and answers the file's like count. */
    async like(fileId: number, userId: number): Promise<number> {
      const inserted = await db.insert(fileLikes).values({ fileId, userId }).onConflictDoNothing().returning({ fileId: fileLikes.fileId });
      return inserted.length ? bumpLikes(fileId, sql`${files.likeCount} + 1`) : likeCount(fileId);
    },
    /** Removes the like if there is one and answers the file's like count. */
    async unlike(fileId: number, userId: number): Promise<number> {
      const deleted = await db.delete(fileLikes).where(and(eq(fileLikes.fileId, fileId), eq(fileLikes.userId, userId))).returning({ fileId: fileLikes.fileId });
      return deleted.length ? bumpLikes(fileId, sql`greatest(${files.likeCount} - 1, 0)`) : likeCount(fileId);
    },
    /** Counted once per viewer per file per hour; answers the new total when it counted. */
    async recordView(fileId: number, userId: number, now = new Date()): Promise<number | null> {
      const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
      const inserted = await db.insert(fileViews).values({ fileId, userId, hour }).onConflictDoNothing().returning({ fileId: fileViews.fileId });
      if (!inserted.length) return null;
      const [row] = await db.update(files).set({ viewCount: sql`${files.viewCount} + 1` }).where(eq(files.id, fileId)).returning({ n: files.viewCount });
      return row.n;
    },
    async addComment(fileId: number, userId: number, content: string) {
      const [row] = await db.insert(comments).values({ fileId, userId, content }).returning();
      await db.update(files).set({ commentCount: sql`${files.commentCount} + 1` }).where(eq(files.id, fileId));
      return row;
    },
    async listComments(fileId: number, page: { offset: number; limit: number }) {
      return db
        .select({ comment: comments, user: users })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(eq(comments.fileId, fileId))
        .orderBy(asc(comments.id))
        .limit(page.limit)
        .offset(page.offset);
    },
  };
}
export type SocialRepo = ReturnType<typeof createSocialRepo>;
