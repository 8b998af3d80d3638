import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Direct messages. A thread is the pair of members, whichever way round: the expression index
 * on (least, greatest, id) serves a thread page and a member's conversation list.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Set when the recipient opened the thread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_pair_idx').on(sql`least(${t.senderId}, ${t.recipientId})`, sql`greatest(${t.senderId}, ${t.recipientId})`, t.id.desc()),
    index('messages_sender_idx').on(t.senderId, t.id.desc()),
    index('messages_recipient_idx').on(t.recipientId, t.id.desc()),
    index('messages_unread_idx').on(t.recipientId, t.senderId).where(sql`${t.readAt} IS NULL`),
    check('messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);
