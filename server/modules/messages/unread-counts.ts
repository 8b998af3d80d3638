import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type UnreadCounts = { notifications: number; messages: number };
export type CountUnread = (userId: number) => Promise<UnreadCounts>;

/**
 * What the `unread` live event carries (server/live/live-hub.ts): the member's unread
 * notifications and unread messages, in one query. Notifications count unread rows; if their
 * screen counts grouped items instead, this is the one place to change so every publisher agrees.
 */
export function createUnreadCounter(db: Db): CountUnread {
  return async (userId) => {
    const result = await db.execute<UnreadCounts>(sql`
      select
        (select count(*)::int from notifications where user_id = ${userId} and not is_read) as notifications,
        (select count(*)::int from messages where recipient_id = ${userId} and read_at is null) as messages`);
    const [row] = (result as unknown as { rows: UnreadCounts[] }).rows;
    return { notifications: row.notifications, messages: row.messages };
  };
}
