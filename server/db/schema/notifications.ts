import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './files';
import { folderInvites, folders } from './folders';
import { users } from './users';

export const notificationTypes = ['like', 'comment', 'reply', 'view', 'save', 'follow', 'folder_invite', 'archive_ready', 'storage_almost_full', 'member_storage_full', 'mention', 'report_resolved'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * What happened to a member's files, folders or follows (decision 012), one row
 * per event and never to the actor. `dedupeKey` names an event that must not notify twice
 * (a like taken back and given again, a follow, a view milestone, a save, an invite); the
 * unique index makes a repeated or racing insert a no-op. Comments and replies have none.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    inviteId: integer('invite_id').references(() => folderInvites.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    dedupeKey: text('dedupe_key'),
    isRead: boolean('is_read').notNull().default(false),
    /** When a mail carried it (one mail in `all` mode, or a digest): never mailed twice. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`NOT ${t.isRead}`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} IS NOT NULL`),
    check('notifications_not_self', sql`${t.fromUserId} IS NULL OR ${t.fromUserId} <> ${t.userId}`),
  ],
);

/**
 * One row per member and day a digest went out. The unique key is the claim: of two processes
 * running the same digest pass, only the one whose insert lands sends the mail.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** UTC day the digest covers, 'YYYY-MM-DD'. */
    day: text('day').notNull(),
    notificationCount: integer('notification_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_digests_user_day_idx').on(t.userId, t.day)],
);
