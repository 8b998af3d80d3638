import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const archiveStatuses = ['pending', 'ready', 'failed'] as const;

/**
 * A member's "Download my data" archive (docs/decisions/022): one row per member, so a second
 * request while one is being built is refused by the unique index. The zip is a stored object
 * under `storageKey` (chosen at request time, so a retried job overwrites its own attempt and
 * the start-up sweep never takes it for debris); it can be downloaded by its member only, until
 * `expiresAt`, after which the hourly pass deletes the row and the object.
 */
export const memberArchives = pgTable(
  'member_archives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: archiveStatuses }).notNull().default('pending'),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('member_archives_user_idx').on(t.userId), index('member_archives_expires_idx').on(t.expiresAt)],
);
