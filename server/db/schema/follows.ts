import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who follows whom. The pair is the key, so a repeated or racing follow leaves one row; the
 * counts on `users` change in the same transaction as the row (server/modules/users/follows.repo.ts).
 */
export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    followingId: integer('following_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    // A member's followers, newest first; the key serves "following".
    index('follows_following_idx').on(t.followingId, t.createdAt.desc()),
    check('follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);
