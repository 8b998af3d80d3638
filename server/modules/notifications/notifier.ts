import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { foreignKeyViolation } from '../../lib/db-errors';
import type { LiveHub } from '../../live/live-hub';
import type { FoldersRepo } from '../folders/folders.repo';
import { singleItem, toNotificationDto } from './notifications.presenter';
import type { NewNotification, NotificationItem, NotificationRow, NotificationsRepo } from './notifications.repo';

export type Member = { id: number; username: string; firstName: string | null; lastName: string | null; profileImageKey: string | null };
/** What the live `notification` event shows besides the row: the actor, the file's name, the invite. */
export type Shown = { actor: Member | null; fileName?: string | null; invite?: NotificationItem['invite'] };
/** One notification to make, with what its live event shows. */
export type Outgoing = { values: NewNotification; shown: Shown };
/** Runs first in the insert's transaction and answers the rows to insert (read under a lock it takes). */
type Settle = (tx: Tx, values: NewNotification[]) => Promise<NewNotification[]>;

type Deps = {
  repo: Pick<NotificationsRepo, 'insertMany' | 'unreadCounts' | 'mailedEach' | 'withoutBlocked'>;
  queue: Pick<JobQueue, 'sendMany'>;
  live: LiveHub;
  folders: Pick<FoldersRepo, 'findVisibleByIds'>;
  log: FastifyBaseLogger;
  /** The push jobs of the rows, written in the same transaction (docs/decisions/035). */
  push?: { queueForNotifications(tx: Tx, rows: NotificationRow[]): Promise<void> };
};

/**
 * Delivers notifications that event handlers decided on: the rows in one multi-row insert (a
 * repeat of a deduplicated event inserts nothing), the `notification.created` mail jobs of the
 * recipients who want every notification mailed in the same transaction, then a `notification`
 * and an `unread` live event for each row inserted, so a handler that runs twice changes nothing
 * twice. Never to the actor.
 */
export function createNotifier(d: Deps) {
  /** The rows are committed: a failure here is logged, not retried (a retry would insert nothing and send nothing). */
  async function publish(rows: NotificationRow[], shownOf: (row: NotificationRow) => Shown): Promise<void> {
    try {
      for (const row of rows) {
        const shown = shownOf(row);
        // Only saves and invites carry a folder, one row per event: one lookup, as the list makes it.
        const visible = row.folderId === null ? [] : await d.folders.findVisibleByIds([row.folderId], { id: row.userId });
        const item = singleItem(row, { fromUser: shown.actor, fileName: shown.fileName ?? null, invite: shown.invite ?? null });
        d.live.publish(row.userId, { type: 'notification', data: toNotificationDto(item, new Map(), new Set(visible.map((f) => f.id))) });
      }
      // The items first (they need no query), then the badges, counted once for every recipient.
      const counts = await d.repo.unreadCounts([...new Set(rows.map((r) => r.userId))]);
      for (const [userId, n] of counts) d.live.publish(userId, { type: 'unread', data: { notifications: n } });
    } catch (err) {
      d.log.error({ err }, 'live notification events failed');
    }
  }

  const keyOf = (v: { userId: number; dedupeKey?: string | null }) => `${v.userId}|${v.dedupeKey ?? ''}`;

  async function send(outgoing: Outgoing[], settle?: Settle): Promise<NotificationRow[]> {
    const own = outgoing.filter((o) => o.values.fromUserId == null || o.values.fromUserId !== o.values.userId);
    // Nothing reaches a member from one with whom a block stands, neither the row nor its live event.
    const allowed = new Set(await d.repo.withoutBlocked(own.map((o) => o.values)));
    const wanted = own.filter((o) => allowed.has(o.values));
    if (!wanted.length) return [];
    let rows: NotificationRow[];
    try {
      rows = await d.repo.insertMany(
        wanted.map((o) => o.values),
        async (inserted, tx) => {
          const mailed = await d.repo.mailedEach(tx, [...new Set(inserted.map((r) => r.userId))]);
          const jobs = inserted.filter((r) => mailed.has(r.userId)).map((r) => ({ notificationId: r.id }));
          if (jobs.length) await d.queue.sendMany('notification.created', jobs, { tx });
          await d.push?.queueForNotifications(tx, inserted);
        },
        settle,
      );
    } catch (err) {
      if (foreignKeyViolation(err) === null) throw err;
      if (wanted.length === 1) return [];
      // One of them points at something deleted meanwhile: the others are still told, one by one.
      const each: NotificationRow[] = [];
      for (const o of wanted) each.push(...(await send([o], settle)));
      return each;
    }
    const shown = new Map(wanted.map((o) => [keyOf(o.values), o.shown]));
    if (rows.length) await publish(rows, (row) => shown.get(keyOf(row)) ?? wanted[0].shown);
    return rows;
  }

  return {
    /**
     * Inserts what is new of `values` (all shown alike: one event's rows), with mail jobs, and
     * tells the recipients' open tabs. `settle` runs first in the transaction and may change the
     * rows (an invite read under its lock). A row whose file, folder, invite or member was
     * deleted meanwhile is nothing to tell: no rows, no retry.
     */
    deliver(values: NewNotification[], shown: Shown, settle?: Settle): Promise<NotificationRow[]> {
      return send(values.map((v) => ({ values: v, shown })), settle);
    },

    /** The rows of a batch of events, each shown its own way, in one insert. Every row needs its dedupe key. */
    deliverEach(outgoing: Outgoing[]): Promise<NotificationRow[]> {
      return send(outgoing);
    },

    /** The member's badge in every open tab, after their items changed without a new one. */
    async publishUnread(userId: number): Promise<void> {
      const counts = await d.repo.unreadCounts([userId]);
      d.live.publish(userId, { type: 'unread', data: { notifications: counts.get(userId) ?? 0 } });
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
