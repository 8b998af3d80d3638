import { and, desc, eq, isNull, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationDigests, notifications, users } from '../../db/schema/index';

/** The stored `notificationEmails` as mergePreferences reads it: absent or unknown is the default, periodic. */
const emailMode = sql<string>`coalesce(${users.preferences}->>'notificationEmails', 'periodic')`;
const isPeriodic = sql`${emailMode} NOT IN ('never', 'all')`;
const unreadUnmailed = (userId: number) => and(eq(notifications.userId, userId), not(notifications.isRead), isNull(notifications.mailedAt));

type Rows<T> = { rows: T[] };

/**
 * The state of notification mail lives in the rows themselves: `notifications.mailed_at` (a
 * notification is mailed once, by whichever mail carries it) and `notification_digests` (one
 * row per member and day). Every claim is a conditional write, so retries, restarts and two
 * processes running the same pass never mail twice.
 */
export function createNotificationMailRepo(db: Db) {
  return {
    /** The notification with what its mail needs of the recipient, or null when it is gone. */
    async findWithRecipient(id: number) {
      const [row] = await db
        .select({
          id: notifications.id,
          message: notifications.message,
          mailedAt: notifications.mailedAt,
          user: { id: users.id, email: users.email, firstName: users.firstName, username: users.username, status: users.status, preferences: users.preferences },
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(notifications.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Marks one notification mailed if no mail carried it yet; true when this caller won it. */
    async claimOne(tx: Db, id: number): Promise<boolean> {
      const won = await tx
        .update(notifications)
        .set({ mailedAt: new Date() })
        .where(and(eq(notifications.id, id), isNull(notifications.mailedAt)))
        .returning({ id: notifications.id });
      return won.length > 0;
    },

    /**
     * One batch of active `periodic` members with unread, un-mailed notifications and no digest
     * on `day`, by id after `afterUserId` (keyset paging: a pass walks every member in bounded steps).
     */
    async digestRecipients(afterUserId: number, day: string, limit: number) {
      return db
        .select({ id: users.id, email: users.email, firstName: users.firstName, username: users.username })
        .from(users)
        .where(
          and(
            sql`${users.id} > ${afterUserId}`,
            eq(users.status, 'active'),
            isPeriodic,
            sql`EXISTS (SELECT 1 FROM ${notifications} n WHERE n.user_id = ${users.id} AND NOT n.is_read AND n.mailed_at IS NULL)`,
            sql`NOT EXISTS (SELECT 1 FROM ${notificationDigests} d WHERE d.user_id = ${users.id} AND d.day = ${day})`,
          ),
        )
        .orderBy(users.id)
        .limit(limit);
    },

    /** The day's digest claim for one member: true when this caller inserted it (ON CONFLICT DO NOTHING). */
    async claimDigest(tx: Db, userId: number, day: string): Promise<boolean> {
      const won = await tx
        .insert(notificationDigests)
        .values({ userId, day, notificationCount: 0 })
        .onConflictDoNothing()
        .returning({ userId: notificationDigests.userId });
      return won.length > 0;
    },

    async newestUnmailed(tx: Db, userId: number, limit: number): Promise<string[]> {
      const rows = await tx.select({ message: notifications.message }).from(notifications).where(unreadUnmailed(userId)).orderBy(desc(notifications.id)).limit(limit);
      return rows.map((r) => r.message);
    },

    /** Marks every unread, un-mailed notification of the member mailed; answers how many (one row back, whatever the count). */
    async markDigested(tx: Db, userId: number, day: string): Promise<number> {
      const result = (await tx.execute(sql`
        WITH marked AS (
          UPDATE ${notifications} SET mailed_at = now()
          WHERE user_id = ${userId} AND NOT is_read AND mailed_at IS NULL
          RETURNING 1
        )
        UPDATE ${notificationDigests} SET notification_count = (SELECT count(*) FROM marked)
        WHERE user_id = ${userId} AND day = ${day}
        RETURNING notification_count
      `)) as unknown as Rows<{ notification_count: number }>;
      return Number(result.rows[0]?.notification_count ?? 0);
    },
  };
}
export type NotificationMailRepo = ReturnType<typeof createNotificationMailRepo>;
