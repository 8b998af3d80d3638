import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { follows, users } from '../../db/schema/index';
import type { UserRow } from './users.repo';
import { notHiddenOwnerSql } from '../../access/blocks';
import type { Viewer } from '../../access/viewer';

export type FollowState = { isFollowing: boolean; followersCount: number; followingCount: number };
type Page = { offset: number; limit: number };

/**
 * Follows and the two counts on `users`. The row and the counts change in one transaction that
 * first locks both members' rows in id order: racing follows of one member queue on its row
 * (so every +1 and -1 lands), and two members following each other at once cannot deadlock.
 * The insert and delete say whether anything changed, so a repeated call moves no count. A
 * change runs in its caller's transaction, which records the follow's event (user-writes.ts).
 */
export function createFollowsRepo(db: Db) {
  /** Follows or unfollows; `changed` when a row was added or removed. */
  async function change(tx: Tx, followerId: number, followingId: number, add: boolean): Promise<FollowState & { changed: boolean }> {
    await tx.execute(sql`select id from users where id in (${followerId}, ${followingId}) order by id for update`);
    const pair = and(eq(follows.followerId, followerId), eq(follows.followingId, followingId));
    const changed = add
      ? await tx.insert(follows).values({ followerId, followingId }).onConflictDoNothing().returning({ id: follows.followerId })
      : await tx.delete(follows).where(pair).returning({ id: follows.followerId });
    if (changed.length) {
      const step = add ? 1 : -1;
      await tx.update(users).set({ followersCount: sql`${users.followersCount} + ${step}` }).where(eq(users.id, followingId));
      await tx.update(users).set({ followingCount: sql`${users.followingCount} + ${step}` }).where(eq(users.id, followerId));
    }
    const [target] = await tx.select({ n: users.followersCount }).from(users).where(eq(users.id, followingId));
    const [self] = await tx.select({ n: users.followingCount }).from(users).where(eq(users.id, followerId));
    return { isFollowing: add, followersCount: target.n, followingCount: self.n, changed: changed.length > 0 };
  }

  /** The list as `viewer` may see it: no member with whom a block stands (server/access/blocks.ts). */
  function people(on: 'followers' | 'following', userId: number, page: Page, viewer: Viewer): Promise<UserRow[]> {
    // Followers: who follows userId; following: whom userId follows. Newest follow first.
    const [match, join] = on === 'followers' ? [follows.followingId, follows.followerId] : [follows.followerId, follows.followingId];
    return db
      .select({ u: users })
      .from(follows)
      .innerJoin(users, eq(users.id, join))
      .where(and(eq(match, userId), eq(users.status, 'active'), notHiddenOwnerSql(users.id, viewer)))
      .orderBy(desc(follows.createdAt), desc(join))
      .limit(page.limit)
      .offset(page.offset)
      .then((rows) => rows.map((r) => r.u));
  }

  return {
    change,
    async isFollowing(followerId: number, followingId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
        .limit(1);
      return Boolean(row);
    },
    listFollowers: (userId: number, page: Page, viewer: Viewer) => people('followers', userId, page, viewer),
    listFollowing: (userId: number, page: Page, viewer: Viewer) => people('following', userId, page, viewer),
  };
}
export type FollowsRepo = ReturnType<typeof createFollowsRepo>;
