import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    originalName: text('original_name').notNull(),
    /** The media type decided from the bytes, e.g. image/jpeg. */
    fileType: text('file_type').notNull(),
    kind: text('kind', { enum: ['image', 'video', 'audio', 'pdf', 'document'] }).notNull(),
    size: integer('size').notNull(),
    /** Every stored object of the file lives under this random prefix (`ab/cd/<uuid>`). */
    keyBase: text('key_base').notNull(),
    storageKey: text('storage_key').notNull(),
    compressedKey: text('compressed_key'),
    compressedSize: integer('compressed_size'),
    webpKey: text('webp_key'),
    webpSize: integer('webp_size'),
    thumbnailKey: text('thumbnail_key'),
    thumbnailSize: integer('thumbnail_size'),
    posterKey: text('poster_key'),
    previewKey: text('preview_key'),
    /** The web rendition (H.264/AAC MP4) of a video or audio file browsers cannot play as uploaded. */
    renditionKey: text('rendition_key'),
    /**
     * Null: the original plays in browsers. 'pending' until the `file.rendition` job made it,
     * then 'ready', or 'failed' for good (the file cannot be converted; it is never retried).
     */
    renditionState: text('rendition_state', { enum: ['pending', 'ready', 'failed'] }),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: real('duration_seconds'),
    placeholder: text('placeholder'),
    isPublic: boolean('is_public').notNull().default(true),
    isNsfw: boolean('is_nsfw').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Set once recognition ran (job or analyze-tags); null while it has not, so it runs once per image. */
    recognizedAt: timestamp('recognized_at', { withTimezone: true }),
    /** What recognition found, kept apart from `tags` (which the owner edits) so analyze-tags can answer it. */
    recognizedTags: text('recognized_tags').array(),
    /** Claim taken by whoever is recognising now; a stale claim (process died) may be taken over. */
    recognitionClaimedAt: timestamp('recognition_claimed_at', { withTimezone: true }),
    /** The uploader's key for this upload: a retry with the same key answers this row. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_key_base_idx').on(t.keyBase),
    // Per member: two members' keys never collide. NULLs (no key sent) are distinct in PostgreSQL.
    uniqueIndex('files_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('files_public_id_idx').on(t.id.desc()).where(sql`${t.isPublic}`),
    index('files_user_id_idx').on(t.userId, t.id.desc()),
    // A member's private files (their own part of the feed's private grants, docs/decisions/018).
    index('files_user_private_idx').on(t.userId, t.id.desc()).where(sql`not ${t.isPublic}`),
    index('files_tags_idx').using('gin', t.tags),
  ],
);

export const fileLikes = pgTable(
  'file_likes',
  {
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.userId] }), index('file_likes_user_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_file_idx').on(t.fileId, t.id)],
);

/** One row per viewer, file and hour: a view counts once an hour (DESIGN.md). */
export const fileViews = pgTable(
  'file_views',
  {
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('file_views_once_idx').on(t.fileId, t.userId, t.hour)],
);
