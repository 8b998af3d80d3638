import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { follows, users } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import type { UserRow } from './users.repo';

export type FollowState = { isFollowing: boolean; followersCount: number; followingCount: number };
type Page = { offset: number; limit: number };

/**
 * Follows and the two counts on `users`. The row and the counts change in one transaction that
 * first locks both members' rows in id order: racing follows of one member queue on its row
 * (so every +1 and -1 lands), and two members following each other at once cannot deadlock.
 * The insert and delete say whether anything changed, so a repeated call moves no count. A new
 * follow commits with its `follow.added` event, whose handler notifies the followee.
 */
export function createFollowsRepo(db: Db, events: Pick<JobQueue, 'send'>) {
  async function change(followerId: number, followingId: number, add: boolean): Promise<FollowState> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id in (${followerId}, ${followingId}) order by id for update`);
      const pair = and(eq(follows.followerId, followerId), eq(follows.followingId, followingId));
      const changed = add
        ? await tx.insert(follows).values({ followerId, followingId }).onConflictDoNothing().returning({ id: follows.followerId })
        : await tx.delete(follows).where(pair).returning({ id: follows.followerId });
      if (changed.length) {
        const step = add ? 1 : -1;
        await tx.update(users).set({ followersCount: sql`${users.followersCount} + ${step}` }).where(eq(users.id, followingId));
        await tx.update(users).set({ followingCount: sql`${users.followingCount} + ${step}` }).where(eq(users.id, followerId));
        if (add) await events.send('follow.added', { followerId, followingId }, { tx: tx as unknown as Db });
      }
      const [target] = await tx.select({ n: users.followersCount }).from(users).where(eq(users.id, followingId));
      const [self] = await tx.select({ n: users.followingCount }).from(users).where(eq(users.id, followerId));
      return { isFollowing: add, followersCount: target.n, followingCount: self.n };
    });
  }

  function people(on: 'followers' | 'following', userId: number, page: Page): Promise<UserRow[]> {
    // Followers: who follows userId; following: whom userId follows. Newest follow first.
    const [match, join] = on === 'followers' ? [follows.followingId, follows.followerId] : [follows.followerId, follows.followingId];
    return db
      .select({ u: users })
      .from(follows)
      .innerJoin(users, eq(users.id, join))
      .where(and(eq(match, userId), eq(users.status, 'active')))
      .orderBy(desc(follows.createdAt), desc(join))
      .limit(page.limit)
      .offset(page.offset)
      .then((rows) => rows.map((r) => r.u));
  }

  return {
    follow: (followerId: number, followingId: number) => change(followerId, followingId, true),
    unfollow: (followerId: number, followingId: number) => change(followerId, followingId, false),
    async isFollowing(followerId: number, followingId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
        .limit(1);
      return Boolean(row);
    },
    listFollowers: (userId: number, page: Page) => people('followers', userId, page),
    listFollowing: (userId: number, page: Page) => people('following', userId, page),
  };
}
export type FollowsRepo = ReturnType<typeof createFollowsRepo>;
