import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, messages, notifications, pushGroups, pushSubscriptions, users } from '../../db/schema/index';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
/** How a claim on a group's push went: send now, schedule the grouped push at `dueAt`, or one is scheduled already. */
export type GroupClaim = { now: true } | { now: false; dueAt: Date | null };

/** Devices, and the bookkeeping of grouped pushes (a group's window: `groupWindowSeconds`); every query of a member's devices is scoped by `userId`. */
export function createPushRepo(db: Db, groupWindowSeconds = 60) {
  const WINDOW = sql`make_interval(secs => ${groupWindowSeconds})`;
  return {
    /** Saves the subscription for `userId`; the same endpoint (a browser subscribing again, or after another member signed out there) is taken over. */
    async upsert(userId: number, sub: { endpoint: string; p256dh: string; auth: string; device: string }): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ userId, ...sub })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: sub.p256dh, auth: sub.auth, device: sub.device, createdAt: sql`now()`, lastPushedAt: null } });
    },

    listOwn(userId: number): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.id));
    },

    /** False when the endpoint is not one of this member's devices. */
    async removeOwn(userId: number, endpoint: string): Promise<boolean> {
      const rows = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint))).returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async find(id: number): Promise<PushSubscriptionRow | null> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
      return row ?? null;
    },

    async remove(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async markPushed(id: number): Promise<void> {
      await db.update(pushSubscriptions).set({ lastPushedAt: sql`now()` }).where(eq(pushSubscriptions.id, id));
    },

    /** Of `userIds`, the active members with at least one device: only their notifications get a push job. */
    async withDevices(tx: Db, userIds: number[]): Promise<Set<number>> {
      if (!userIds.length) return new Set();
      const rows = await tx
        .selectDistinct({ id: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(and(inArray(pushSubscriptions.userId, userIds), eq(users.status, 'active')));
      return new Set(rows.map((r) => r.id));
    },

    /** A notification with what its push shows: the recipient's preferences and the file's name. */
    async notification(id: number) {
      const [row] = await db
        .select({ row: notifications, preferences: users.preferences, status: users.status, fileName: files.name })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .leftJoin(files, eq(files.id, notifications.fileId))
        .where(eq(notifications.id, id))
        .limit(1);
      return row ?? null;
    },

    async message(id: number) {
      const [row] = await db.select({ senderId: messages.senderId, recipientId: messages.recipientId, content: messages.content }).from(messages).where(eq(messages.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Claims the push of a group for now when none went within the last minute; otherwise marks
     * the grouped push as scheduled (answering when it is due), once: later calls in the same
     * minute answer `dueAt: null`. Each step is one statement, so two workers never both win.
     */
    async claimGroup(userId: number, groupKey: string): Promise<GroupClaim> {
      const fresh = await db.insert(pushGroups).values({ userId, groupKey }).onConflictDoNothing().returning({ userId: pushGroups.userId });
      if (fresh.length) return { now: true };
      const key = and(eq(pushGroups.userId, userId), eq(pushGroups.groupKey, groupKey));
      const reopened = await db
        .update(pushGroups)
        .set({ sentAt: sql`now()` })
        .where(and(key, lt(pushGroups.sentAt, sql`now() - ${WINDOW}`), eq(pushGroups.pending, false)))
        .returning({ userId: pushGroups.userId });
      if (reopened.length) return { now: true };
      const scheduled = await db
        .update(pushGroups)
        .set({ pending: true })
        .where(and(key, eq(pushGroups.pending, false)))
        .returning({ dueAt: sql<Date>`${pushGroups.sentAt} + ${WINDOW}`.mapWith((v) => new Date(v)) });
      return { now: false, dueAt: scheduled[0]?.dueAt ?? null };
    },

    /** Ends a scheduled group: answers when its last push went (null when nothing was scheduled), and starts the next minute from now. */
    async releaseGroup(userId: number, groupKey: string): Promise<Date | null> {
      const rows = await db.execute(sql`
        update ${pushGroups} g set pending = false, sent_at = now()
        from (select sent_at as previous from ${pushGroups} where user_id = ${userId} and group_key = ${groupKey} and pending for update) p
        where g.user_id = ${userId} and g.group_key = ${groupKey}
        returning p.previous`);
      const previous = (rows as unknown as { rows: { previous: string | Date | null }[] }).rows[0]?.previous;
      return previous ? new Date(previous) : null;
    },

    /** The unread rows of one file's likes (or view milestones) since `after`, newest first, with their actors' names. */
    async groupSince(userId: number, type: 'like' | 'view', fileId: number, after: Date) {
      return db
        .select({ row: notifications, actor: { firstName: users.firstName, lastName: users.lastName, username: users.username }, fileName: files.name })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.fromUserId))
        .leftJoin(files, eq(files.id, notifications.fileId))
        .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.fileId, fileId), eq(notifications.isRead, false), gt(notifications.createdAt, after)))
        .orderBy(desc(notifications.id))
        .limit(100);
    },
  };
}
export type PushRepo = ReturnType<typeof createPushRepo>;
