import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { reportReasons, reportTargetTypes } from '../../../contract/safety';
import { users } from './users';

/**
 * Who blocked whom (docs/decisions/028-safety-kit.md). Mutual in effect: the visibility module
 * hides each member's content from the other whichever way the row points. The pair is the key,
 * so a repeated block leaves one row; `blocks_blocked_idx` serves "who blocked me".
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);


/**
 * What members reported (docs/decisions/028-safety-kit.md). `ownerId` is the member whose content
 * it is, so the queue and a suspension find it without knowing each target's table. One open
 * report per reporter and target: the partial unique index makes a second (or racing) one a 409.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: integer('target_id').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    /** dismiss, remove, sensitive or suspend: what the admin did (reporters are told the outcome, never who). */
    resolution: text('resolution'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_once_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx').on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);

/** Every admin action, append-only: no endpoint edits or deletes a row. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.id.desc())],
);

/**
 * Who muted whom: one-way and quieter than a block. The muted member's files and comments leave
 * the muter's feed and comment lists and their notifications the muter's bell; nothing else changes.
 */
export const mutes = pgTable(
  'mutes',
  {
    muterId: integer('muter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    mutedId: integer('muted_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.muterId, t.mutedId] }), index('mutes_muted_idx').on(t.mutedId), check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`)],
);
