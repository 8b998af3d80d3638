import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { blocks, follows, mutes, users } from '../../db/schema/index';

type Page = { offset: number; limit: number };

/** What a block ended besides the block itself, so the caller records what changed. */
export type BlockChange = { changed: boolean; collaborationsEnded: number };

/**
 * Blocks (docs/decisions/028-safety-kit.md). A block runs in the caller's transaction (which
 * records its event: server/modules/safety/block-writes.ts) with what it ends: follows both ways (with both members' counts, locked in id order as follows.repo.ts
 * does), a collaboration on a folder one of them owns, and pending invites between them.
 */
/** What the Settings lists show of a blocked or muted member. */
const listedMember = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImageKey: users.profileImageKey };

export function createBlocksRepo(db: Db) {
  async function endFollow(tx: Tx, followerId: number, followingId: number): Promise<void> {
    const gone = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
      .returning({ id: follows.followerId });
    if (!gone.length) return;
    await tx.update(users).set({ followersCount: sql`${users.followersCount} - 1` }).where(eq(users.id, followingId));
    await tx.update(users).set({ followingCount: sql`${users.followingCount} - 1` }).where(eq(users.id, followerId));
  }

  return {
    async block(tx: Tx, blockerId: number, blockedId: number): Promise<BlockChange> {
      await tx.execute(sql`select id from users where id in (${blockerId}, ${blockedId}) order by id for update`);
      const added = await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ id: blocks.blockerId });
      if (!added.length) return { changed: false, collaborationsEnded: 0 };
      await endFollow(tx, blockerId, blockedId);
      await endFollow(tx, blockedId, blockerId);
      // Either member's folder loses the other as collaborator; pending invites between them are revoked.
      const ended = await tx.execute(sql`delete from folder_collaborators fc using folders fo
        where fo.id = fc.folder_id and ((fo.user_id = ${blockerId} and fc.user_id = ${blockedId}) or (fo.user_id = ${blockedId} and fc.user_id = ${blockerId}))
        returning fc.id`);
      await tx.execute(sql`update folder_invites fi set status = 'revoked' from folders fo
        where fo.id = fi.folder_id and fi.status = 'pending'
        and ((fo.user_id = ${blockerId} and fi.invited_user_id = ${blockedId}) or (fo.user_id = ${blockedId} and fi.invited_user_id = ${blockerId}))`);
      // What each was told of the other goes from their bells.
      await tx.execute(sql`delete from notifications where (user_id = ${blockerId} and from_user_id = ${blockedId}) or (user_id = ${blockedId} and from_user_id = ${blockerId})`);
      return { changed: true, collaborationsEnded: (ended as unknown as { rows: unknown[] }).rows.length };
    },
    async unblock(tx: Tx, blockerId: number, blockedId: number): Promise<BlockChange> {
      const gone = await tx
        .delete(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
        .returning({ id: blocks.blockerId });
      return { changed: gone.length > 0, collaborationsEnded: 0 };
    },
    /** Mutes one way; what the muted member already caused goes from the muter's bell. */
    async mute(tx: Tx, muterId: number, mutedId: number): Promise<boolean> {
      const added = await tx.insert(mutes).values({ muterId, mutedId }).onConflictDoNothing().returning({ id: mutes.muterId });
      if (added.length) await tx.execute(sql`delete from notifications where user_id = ${muterId} and from_user_id = ${mutedId}`);
      return added.length > 0;
    },
    async unmute(tx: Tx, muterId: number, mutedId: number): Promise<boolean> {
      const gone = await tx.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId))).returning({ id: mutes.muterId });
      return gone.length > 0;
    },
    /** The members `muterId` muted, newest first. */
    listMuted(muterId: number, page: Page) {
      return db
        .select({ user: listedMember, blockedAt: mutes.createdAt })
        .from(mutes)
        .innerJoin(users, eq(users.id, mutes.mutedId))
        .where(eq(mutes.muterId, muterId))
        .orderBy(desc(mutes.createdAt), desc(mutes.mutedId))
        .limit(page.limit)
        .offset(page.offset);
    },
    /** The members `blockerId` blocked, newest block first. */
    listBlocked(blockerId: number, page: Page) {
      return db
        .select({ user: listedMember, blockedAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.blockerId, blockerId))
        .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
        .limit(page.limit)
        .offset(page.offset);
    },
  };
}
export type BlocksRepo = ReturnType<typeof createBlocksRepo>;
