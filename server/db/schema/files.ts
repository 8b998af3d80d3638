import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

// Pages filled to 85 %, so a row rewritten for a counter or a date keeps its page and no index is
// written (migration 0021_room_on_the_page.sql; drizzle's schema has no place for the setting).
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
    /** What every reader goes by: the automatic (or admin's) flag, or the author's own mark (docs/decisions/032). */
    isNsfw: boolean('is_nsfw').notNull().default(false),
    /** The automatic flag alone: recognition set it, and the author cannot take it away. */
    nsfwFlagged: boolean('nsfw_flagged').notNull().default(false),
    /** The author's own content warning, and the text shown on the blur ("Spoilers", "Medical"). */
    sensitive: boolean('sensitive').notNull().default(false),
    contentWarning: text('content_warning'),
    /** What a screen reader says for the picture; null until a member writes one (a suggestion is made from recognition). */
    altText: text('alt_text'),
    /** `#words` of the name and description, lower-cased: they count as tags for search and the marquee. */
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    /** Set by an edit after posting (PATCH /api/files/{id}); null while the file is as posted. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    likeCount: integer('like_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Set once recognition ran (job or analyze-tags); null while it has not, so it runs once per image. */
    recognizedAt: timestamp('recognized_at', { withTimezone: true }),
    /** What recognition found, kept apart from `tags` (which the owner edits) so analyze-tags can answer it. */
    recognizedTags: text('recognized_tags').array(),
    /** Claim taken by whoever is recognising now; a stale claim (process died) may be taken over. */
    recognitionClaimedAt: timestamp('recognition_claimed_at', { withTimezone: true }),
    /**
     * When a video or audio original (and its rendition) was stored without container metadata
     * (docs/decisions/026): set at upload; null for one stored earlier, until the
     * `media-metadata.missing` pass strips it.
     */
    metadataStrippedAt: timestamp('metadata_stripped_at', { withTimezone: true }),
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
    // The metadata pass's work list: video and audio stored before originals were stripped.
    index('files_metadata_unstripped_idx').on(t.id).where(sql`${t.metadataStrippedAt} is null and ${t.kind} in ('video', 'audio')`),
    index('files_user_id_idx').on(t.userId, t.id.desc()),
    // A member's private files (their own part of the feed's private grants, docs/decisions/018).
    index('files_user_private_idx').on(t.userId, t.id.desc()).where(sql`not ${t.isPublic}`),
    index('files_tags_idx').using('gin', t.tags),
    index('files_hashtags_idx').using('gin', t.hashtags),
    // The admin dashboard's uploads per day: a range of the last 30 days, not the whole table.
    index('files_created_at_idx').on(t.createdAt),
    // Alphabetical first, read in order while matches are dense (docs/decisions/011, "Index orders").
    index('files_name_order_idx').on(sql`lower(${t.name})`, t.id),
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

/** One row per viewer, file and hour: a view counts once an hour. */
export const fileViews = pgTable(
  'file_views',
  {
    fileId: integer('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('file_views_once_idx').on(t.fileId, t.userId, t.hour)],
);

/**
 * A file's like and view counts again, kept by the database's triggers from `files` (which stays
 * what every read shows), so that most liked and most viewed first can read files in counter
 * order from these indexes. Indexing the counters on `files` would turn every like and view
 * into an update of every index there, the search index included (docs/decisions/011).
 */
export const fileCounts = pgTable(
  'file_counts',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    likeCount: integer('like_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
  },
  (t) => [
    // NULLS FIRST as `order by … desc` reads them (the counters are never null).
    index('file_counts_likes_idx').on(t.likeCount.desc().nullsFirst(), t.fileId.desc().nullsFirst()),
    index('file_counts_views_idx').on(t.viewCount.desc().nullsFirst(), t.fileId.desc().nullsFirst()),
  ],
);
