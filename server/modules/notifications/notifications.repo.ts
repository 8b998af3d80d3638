import { and, desc, eq, inArray, lt, lte, ne, not, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { blocks, mutes, comments, files, folderInvites, notifications, users } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
type Page = { offset: number; limit: number };

/** One item of the list: the newest row of its group, how many rows the group holds and its newest actors. */
export type NotificationItem = {
  row: NotificationRow;
  count: number;
  actorIds: number[];
  fromUser: Pick<typeof users.$inferSelect, 'id' | 'username' | 'firstName' | 'lastName' | 'profileImageKey'> | null;
  fileName: string | null;
  /** The file it is about, for its thumbnail (the presenter shows it only when the member may see the file). */
  file?: NotificationFile | null;
  invite: { status: (typeof folderInvites.$inferSelect)['status']; expiresAt: Date } | null;
};

export type NotificationFile = Pick<typeof files.$inferSelect, 'userId' | 'isPublic' | 'isNsfw' | 'thumbnailKey'>;

/**
 * The item a row belongs to: likes (and views) of one file read as one item while unread, and
 * again once read (so fifty likes never become fifty lines); every other row is its own item.
 */
const groupKey = sql<string>`case when ${notifications.type} in ('like', 'view') and ${notifications.fileId} is not null
  then ${notifications.type} || ':' || ${notifications.fileId} || ':' || ${notifications.isRead}::text
  else 'n:' || ${notifications.id} end`;

/** The rows of one member; every query here is scoped by `userId`, so nobody reads another's. */
export function createNotificationsRepo(db: Db) {
  async function findOwn(userId: number, id: number): Promise<NotificationRow | null> {
    const [row] = await db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).limit(1);
    return row ?? null;
  }

  /** Rows of `userId` in the same group as `row` and not newer than it (a group item's id is its newest row). */
  function sameGroup(userId: number, row: NotificationRow) {
    if ((row.type !== 'like' && row.type !== 'view') || row.fileId === null) return and(eq(notifications.userId, userId), eq(notifications.id, row.id))!;
    return and(
      eq(notifications.userId, userId),
      eq(notifications.type, row.type),
      eq(notifications.fileId, row.fileId),
      eq(notifications.isRead, row.isRead),
      lte(notifications.id, row.id),
    )!;
  }

  return {
    /**
     * Inserts notifications in one statement; a repeat of a deduplicated event inserts nothing,
     * so only the rows this call added come back. `then` runs in the same transaction (the
     * `notification.created` jobs of those rows), so a job never exists without its row. `settle` runs
     * first in the transaction and answers the rows to insert (read under a lock it takes there).
     */
    async insertMany(
      values: NewNotification[],
      then: (rows: NotificationRow[], tx: Tx) => Promise<unknown>,
      settle?: (tx: Tx, values: NewNotification[]) => Promise<NewNotification[]>,
    ): Promise<NotificationRow[]> {
      if (!values.length) return [];
      return db.transaction(async (tx) => {
        const final = settle ? await settle(tx, values) : values;
        if (!final.length) return [];
        const rows = await tx.insert(notifications).values(final).onConflictDoNothing().returning();
        if (rows.length) await then(rows, tx);
        return rows;
      });
    },

    findOwn,

    /** Of these rows to be, those whose actor and recipient no block stands between and whose recipient did not mute the actor. */
    async withoutBlocked(values: NewNotification[]): Promise<NewNotification[]> {
      const pairs = values.filter((v) => v.fromUserId != null);
      if (!pairs.length) return values;
      const ids = [...new Set(pairs.flatMap((v) => [v.userId, v.fromUserId!]))];
      const [blocked, muted] = await Promise.all([
        db.select({ a: blocks.blockerId, b: blocks.blockedId }).from(blocks).where(and(inArray(blocks.blockerId, ids), inArray(blocks.blockedId, ids))),
        // A mute is one way: the muter hears nothing from the muted member.
        db.select({ a: mutes.muterId, b: mutes.mutedId }).from(mutes).where(and(inArray(mutes.muterId, ids), inArray(mutes.mutedId, ids))),
      ]);
      if (!blocked.length && !muted.length) return values;
      const silent = new Set([...blocked.flatMap((r) => [`${r.a}>${r.b}`, `${r.b}>${r.a}`]), ...muted.map((r) => `${r.b}>${r.a}`)]);
      return values.filter((v) => v.fromUserId == null || !silent.has(`${v.fromUserId}>${v.userId}`));
    },

    /** Newest item first; `offset`/`limit` count items, so a page never splits a group. */
    async page(userId: number, page: Page): Promise<NotificationItem[]> {
      const heads = await db
        .select({
          id: sql<number>`max(${notifications.id})`.mapWith(Number),
          count: sql<number>`count(*)::int`,
          actorIds: sql<(number | null)[]>`(array_agg(${notifications.fromUserId} order by ${notifications.id} desc))[1:2]`,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .groupBy(groupKey)
        .orderBy(desc(sql`max(${notifications.id})`))
        .limit(page.limit)
        .offset(page.offset);
      if (!heads.length) return [];
      const rows = await db
        .select({
          row: notifications,
          fromUser: users,
          fileName: files.name,
          file: { userId: files.userId, isPublic: files.isPublic, isNsfw: files.isNsfw, thumbnailKey: files.thumbnailKey },
          inviteStatus: folderInvites.status, inviteExpiresAt: folderInvites.expiresAt })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.fromUserId))
        .leftJoin(files, eq(files.id, notifications.fileId))
        .leftJoin(folderInvites, eq(folderInvites.id, notifications.inviteId))
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, heads.map((h) => h.id))));
      const byId = new Map(rows.map((r) => [r.row.id, r]));
      return heads.flatMap((h) => {
        const r = byId.get(h.id);
        if (!r) return [];
        const invite = r.inviteStatus && r.inviteExpiresAt ? { status: r.inviteStatus, expiresAt: r.inviteExpiresAt } : null;
        const file = r.file && r.file.userId !== null ? (r.file as NotificationFile) : null;
        return [{ row: r.row, count: h.count, actorIds: (h.actorIds ?? []).filter((id): id is number => id !== null), fromUser: r.fromUser, fileName: r.fileName, file, invite }];
      });
    },

    /**
     * Of `userIds`, the active members who asked for every notification by mail (settings:
     * "all"; the default is the digest). Only their rows get a `notification.created` job, which
     * checks again when it runs: the others' jobs would have mailed nothing.
     */
    async mailedEach(tx: Db, userIds: number[]): Promise<Set<number>> {
      if (!userIds.length) return new Set();
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.status, 'active'), sql`${users.preferences}->>'notificationEmails' = 'all'`));
      return new Set(rows.map((r) => r.id));
    },

    /** `unreadCount` of several members in one query (members with none are absent: 0). */
    async unreadCounts(userIds: number[]): Promise<Map<number, number>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ userId: notifications.userId, n: sql<number>`count(distinct ${groupKey})::int` })
        .from(notifications)
        .where(and(inArray(notifications.userId, userIds), not(notifications.isRead)))
        .groupBy(notifications.userId);
      return new Map(rows.map((r) => [r.userId, r.n]));
    },

    /** Unread items, counted as the list shows them (a group of unread likes is one). */
    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${groupKey})::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), not(notifications.isRead)));
      return row?.n ?? 0;
    },

    /** Marks the item read (the whole group up to that row); false when it is not this member's. */
    async markRead(userId: number, id: number): Promise<boolean> {
      const row = await findOwn(userId, id);
      if (!row) return false;
      if (!row.isRead) await db.update(notifications).set({ isRead: true }).where(sameGroup(userId, row));
      return true;
    },

    async markAllRead(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), not(notifications.isRead)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** An invite answered (by token or from its item) leaves no unread item asking for an answer; answers how many rows it marked. */
    async markInviteRead(userId: number, inviteId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.inviteId, inviteId), not(notifications.isRead)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /**
     * Who had commented on a file before comment `beforeCommentId`, newest first, without
     * `exclude`; at most `limit` members. Bounded by the comment, so a retried fan-out asks
     * the same question whatever was said since.
     */
    async commenters(fileId: number, exclude: number[], limit: number, beforeCommentId: number): Promise<number[]> {
      const rows = await db
        .select({ userId: comments.userId, last: sql<number>`max(${comments.id})` })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(and(eq(comments.fileId, fileId), lt(comments.id, beforeCommentId), eq(users.status, 'active'), ...exclude.map((id) => ne(comments.userId, id))))
        .groupBy(comments.userId)
        .orderBy(desc(sql`max(${comments.id})`))
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    /** What a batch of events shows of their files: owner and name, one query for all. */
    async filesByIds(ids: number[]): Promise<{ id: number; userId: number; name: string }[]> {
      if (!ids.length) return [];
      return db.select({ id: files.id, userId: files.userId, name: files.name }).from(files).where(inArray(files.id, [...new Set(ids)]));
    },

    /** The members who acted in a batch of events, as their live items show them. */
    async membersByIds(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImageKey: users.profileImageKey })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
    },

    /** Display fields of the members named in grouped items. */
    async actors(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
