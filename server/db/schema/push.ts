import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A device a member turned push on for (docs/decisions/035): the browser's push endpoint and
 * the keys its payloads are encrypted to (RFC 8291). An endpoint belongs to one member: a
 * browser that subscribes again, or for another member after a sign-out, takes the row over.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'Chrome on Android', from the User-Agent at subscription. */
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * When a group of notifications (the likes of one file) was last pushed to a member, and whether
 * a grouped push is already scheduled: the first push of a group goes at once, the rest of its
 * minute as one.
 */
export const pushGroups = pgTable(
  'push_groups',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    pending: boolean('pending').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupKey] })],
);
