import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './users';

// Pages filled to 85 %, so a row rewritten for a counter or a date keeps its page and no index is
// written (migration 0021_room_on_the_page.sql; drizzle's schema has no place for the setting).
export const folders = pgTable(
  'folders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isPublic: boolean('is_public').notNull().default(false),
    /** Visible to admins and the owner only, whatever `isPublic` says. */
    isAdminOnly: boolean('is_admin_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('folders_user_idx').on(t.userId, t.id.desc())],
);

export const folderFiles = pgTable(
  'folder_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    folderId: integer('folder_id').notNull().references(() => folders.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    /** Null once the member who added it has left. */
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The unique pair makes two concurrent adds leave one link (ON CONFLICT DO NOTHING).
  (t) => [uniqueIndex('folder_files_pair_idx').on(t.folderId, t.fileId), index('folder_files_file_idx').on(t.fileId)],
);

export const folderCollaborators = pgTable(
  'folder_collaborators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    folderId: integer('folder_id').notNull().references(() => folders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['EDITOR', 'VIEWER'] }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('folder_collaborators_pair_idx').on(t.folderId, t.userId),
    index('folder_collaborators_user_idx').on(t.userId),
    check('folder_collaborators_role_check', sql`${t.role} in ('EDITOR', 'VIEWER')`),
  ],
);

export const folderInvites = pgTable(
  'folder_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    folderId: integer('folder_id').notNull().references(() => folders.id, { onDelete: 'cascade' }),
    /** sha256 of the link's token: a database leak gives no working link. */
    tokenHash: text('token_hash').notNull(),
    role: text('role', { enum: ['EDITOR', 'VIEWER'] }).notNull(),
    /** Null: anyone holding the link may accept. */
    invitedUserId: integer('invited_user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked'] }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().default(sql`now() + interval '7 days'`),
    createdBy: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Who accepted or declined, once someone did. */
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('folder_invites_token_idx').on(t.tokenHash), index('folder_invites_folder_idx').on(t.folderId, t.status)],
);
