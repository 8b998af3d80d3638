import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, fileLikes, files, fileViews, users } from '../../db/schema/index';

/** Likes, comments and views; each keeps the file's counter in step in the same statement batch. */
export function createSocialRepo(db: Db) {
  return {
    async like(fileId: number, userId: number): Promise<boolean> {
      const inserted = await db.insert(fileLikes).values({ fileId, userId }).onConflictDoNothing().returning({ fileId: fileLikes.fileId });
      if (inserted.length) await db.update(files).set({ likeCount: sql`${files.likeCount} + 1` }).where(eq(files.id, fileId));
      return inserted.length > 0;
    },
    async unlike(fileId: number, userId: number): Promise<boolean> {
      const deleted = await db.delete(fileLikes).where(and(eq(fileLikes.fileId, fileId), eq(fileLikes.userId, userId))).returning({ fileId: fileLikes.fileId });
      if (deleted.length) await db.update(files).set({ likeCount: sql`greatest(${files.likeCount} - 1, 0)` }).where(eq(files.id, fileId));
      return deleted.length > 0;
    },
    async likeCount(fileId: number): Promise<number> {
      const [row] = await db.select({ n: files.likeCount }).from(files).where(eq(files.id, fileId));
      return row?.n ?? 0;
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
