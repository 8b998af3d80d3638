import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Pages filled to 85 %, so a row rewritten for a counter or a date keeps its page and no index is
// written (migration 0021_room_on_the_page.sql; drizzle's schema has no place for the setting).
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** Null for a member who joined through single sign-on and never set one. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    bio: text('bio'),
    profileImageKey: text('profile_image_key'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** active, or pending/rejected while a waitlist application is open or was refused. */
    status: text('status', { enum: ['active', 'pending', 'rejected'] }).notNull().default('active'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /** Set by an admin (docs/decisions/028-safety-kit.md): no sign-in, and their content shows to admins only. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** This member's own storage quota for originals, set by an admin; null: STORAGE_QUOTA_MB applies. */
    storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_idx').on(t.username),
    // The few suspended members, read by every visibility check (server/access/blocks.ts).
    index('users_suspended_idx').on(t.id).where(sql`${t.suspendedAt} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the cookie token: a leaked table gives no usable session. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What the member's browser said it was, and where it signed in from: the devices list of Settings. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Written at most every few minutes (server/modules/auth/session-touch.ts), not on every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this session last proved the member (password, passkey, code, single sign-on): the recent sign-in of docs/decisions/034. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_token_hash_idx').on(t.tokenHash), index('password_reset_user_idx').on(t.userId)],
);

export const waitlistApplications = pgTable(
  'waitlist_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** When an admin approved or rejected it, and who: a decision is taken once. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('waitlist_status_idx').on(t.status, t.createdAt)],
);
