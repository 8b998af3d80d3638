import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberArchives as archives, comments, fileLikes, files, sessions, users } from '../../db/schema/index';
import { fileObjects, objectKeys } from '../../storage/file-objects';

/**
 * Account deletion in two steps (docs/decisions/028-safety-kit.md). At once, in the caller's
 * transaction (which records `account.deletion-requested`, whose `account.delete` job commits
 * with it): every session ends, the username and e-mail are released (the row keeps
 * placeholders), the account is hidden as a suspended one. The job then
 * removes the row, which cascades to everything the member owns, after taking back the counts
 * their follows, likes and comments added to other members and files.
 */
export function createAccountDeletionRepo() {
  return {
    async begin(tx: Tx, userId: number): Promise<void> {
      await tx
        .update(users)
        .set({ suspendedAt: new Date(), username: `deleted-${userId}`, email: `deleted-${userId}@deleted.invalid`, passwordHash: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Removes the member's rows in the caller's transaction; answers the stored keys to delete and the files that went. */
    async purge(tx: Tx, userId: number): Promise<{ keys: string[]; fileIds: number[] }> {
      const [user] = await tx.select({ avatar: users.profileImageKey }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) return { keys: [], fileIds: [] };
      const owned = await tx.select().from(files).where(eq(files.userId, userId));
      const stored = await tx.select({ key: archives.storageKey }).from(archives).where(eq(archives.userId, userId));
      const keys = new Set<string>([...stored.map((a) => a.key), ...(user.avatar ? [user.avatar] : [])]);
      for (const f of owned) {
        for (const o of fileObjects(f)) keys.add(o.key);
        if (f.renditionState) keys.add(objectKeys(f.keyBase, '').rendition);
      }
      const liked = (await tx.select({ id: fileLikes.fileId }).from(fileLikes).where(eq(fileLikes.userId, userId))).map((r) => r.id);
      const commented = (await tx.selectDistinct({ id: comments.fileId }).from(comments).where(eq(comments.userId, userId))).map((r) => r.id);
      await tx.execute(sql`update users set followers_count = greatest(followers_count - 1, 0) where id in (select following_id from follows where follower_id = ${userId})`);
      await tx.execute(sql`update users set following_count = greatest(following_count - 1, 0) where id in (select follower_id from follows where following_id = ${userId})`);
      await tx.delete(users).where(eq(users.id, userId));
      const touched = [...new Set([...liked, ...commented])];
      if (touched.length) {
        await tx
          .update(files)
          .set({
            likeCount: sql`(select count(*)::int from file_likes l where l.file_id = ${files.id})`,
            commentCount: sql`(select count(*)::int from comments c where c.file_id = ${files.id})`,
          })
          .where(inArray(files.id, touched));
      }
      return { keys: [...keys], fileIds: owned.map((f) => f.id) };
    },
  };
}
export type AccountDeletionRepo = ReturnType<typeof createAccountDeletionRepo>;
