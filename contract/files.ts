import { z } from 'zod';
import { idField, text } from './common';
import { COMMENT_MAX, DESCRIPTION_MAX, FILE_NAME_MAX, fileMessages, normalizeTags, TAG_MAX_LENGTH, TAGS_PER_FILE } from './file-rules';
import { ALT_TEXT_MAX, CONTENT_WARNING_MAX, postMessages } from './post-text';

// The limits, messages and tag rule live without zod, for the client's first script (decision 023).
export { COMMENT_MAX, DESCRIPTION_MAX, FILE_NAME_MAX, fileMessages, normalizeTags, playbackMessages, TAG_MAX_LENGTH, TAGS_PER_FILE } from './file-rules';

export const tagList = z
  .array(text())
  .transform((tags) => normalizeTags(tags))
  .refine((tags) => tags.every((t) => t.length <= TAG_MAX_LENGTH), fileMessages.tagTooLong)
  .refine((tags) => tags.length <= TAGS_PER_FILE, fileMessages.tooManyTags);

export const fileOwner = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export const fileKind = z.enum(['image', 'video', 'audio', 'pdf', 'document']);

/**
 * The web rendition of a video or audio file browsers cannot play as uploaded (HEVC, MOV,
 * MKV…): `none` (the original plays, or nothing to play), `processing` until it is made,
 * `ready`, or `failed` (it cannot be converted: the file can only be downloaded).
 */
export const renditionState = z.enum(['none', 'processing', 'ready', 'failed']);
export type RenditionState = z.infer<typeof renditionState>;

export const fileDto = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  fileType: z.string(),
  kind: fileKind,
  /** Display URL: the EXIF-free WebP for images, the content URL otherwise. */
  filePath: z.string(),
  thumbnailPath: z.string().nullable(),
  posterPath: z.string().nullable(),
  contentUrl: z.string(),
  downloadUrl: z.string(),
  /** What `<video>`/`<audio>` plays: the original when browsers can, else its web rendition once ready; null before that and for other kinds. */
  playbackUrl: z.string().nullable(),
  rendition: renditionState,
  fileSize: z.number().int(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  placeholder: z.string().nullable(),
  isPublic: z.boolean(),
  /** Shown blurred (or hidden, by the member's preference): the automatic flag or the author's own mark. */
  isNsfw: z.boolean(),
  /** The author marked it sensitive, with `contentWarning` shown on the blur when they wrote one. */
  sensitive: z.boolean(),
  contentWarning: z.string().nullable(),
  /** What every `<img>` of the file says: the member's alt text, else one made from recognition's tags, else the name. */
  alt: z.string(),
  /** The alt text a member wrote; null while `alt` is a suggestion or the name. */
  altText: z.string().nullable(),
  /** `#words` of the name and description: tags too, for search and the marquee. */
  hashtags: z.array(z.string()),
  /** When it was last edited after posting; null while it is as posted. */
  editedAt: z.string().nullable(),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
  commentCount: z.number().int(),
  isLiked: z.boolean(),
  /** What the viewer may do with the file, decided by the server so the client never compares ids. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.string(),
  user: fileOwner,
});
export type FileDto = z.infer<typeof fileDto>;

/** The feed takes the spec's offset, plus the last id seen so a deep page costs what the first does. */
export const feedQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: idField.optional(),
});

export const sortBy = z.enum(['newest', 'oldest', 'most_liked', 'most_viewed', 'alphabetical']);
export const fileTypeFilter = z.enum(['all', 'image', 'video', 'audio', 'document']);

export const randomQuery = z.object({
  sortBy: z.union([sortBy, z.literal('random')]).optional(),
  fileType: fileTypeFilter.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const tagsBody = z.object({ tags: tagList });

const altTextField = text({ multiline: true }).trim().max(ALT_TEXT_MAX, postMessages.altTooLong);
const contentWarningField = text().trim().max(CONTENT_WARNING_MAX, postMessages.warningTooLong);

/**
 * An edit after posting: any of these fields, at least one. An empty `altText` or
 * `contentWarning` clears it. Collaborators who edit a folder holding the file may send only
 * `tags` and `altText` (docs/decisions/032).
 */
export const updateFileBody = z
  .strictObject({
    name: text().trim().min(1, postMessages.nameRequired).max(FILE_NAME_MAX, `Name must be ${FILE_NAME_MAX} characters or less`),
    description: text({ multiline: true }).trim().max(DESCRIPTION_MAX, `Description must be ${DESCRIPTION_MAX} characters or less`),
    tags: tagList,
    altText: altTextField,
    isPublic: z.boolean(),
    sensitive: z.boolean(),
    contentWarning: contentWarningField,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, postMessages.nothingToChange);
export type UpdateFileBody = z.infer<typeof updateFileBody>;

/** A retry of one upload carries the key of its first try (8–100 letters, digits, `_`, `-`). */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'The idempotency key must be 8 to 100 letters, digits, _ or -');

/**
 * The text fields of the upload form (multipart, so every value is a string). The same text
 * rule as JSON bodies, also for fields we do not know; `isPublic` is exactly `true` or `false`,
 * since a misread spelling would publish a file meant to stay private.
 */
export const uploadFields = z
  .object({
    name: text(),
    description: text({ multiline: true }).trim().max(DESCRIPTION_MAX, `Description must be ${DESCRIPTION_MAX} characters or less`),
    tags: text(),
    isPublic: z.enum(['true', 'false'], { error: 'isPublic must be true or false' }),
    idempotencyKey,
    folderId: text(),
    altText: altTextField,
    sensitive: z.enum(['true', 'false'], { error: 'sensitive must be true or false' }),
    contentWarning: contentWarningField,
  })
  .partial()
  .catchall(text({ multiline: true }));
export type UploadFieldsInput = z.infer<typeof uploadFields>;

export const commentBody = z.object({
  content: text({ multiline: true }).refine((s) => s.trim().length > 0, fileMessages.commentRequired).pipe(z.string().max(COMMENT_MAX, fileMessages.commentTooLong)),
});

export const commentDto = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
  /** On the answer to a new comment only: what its author should know (more members mentioned than are told). */
  notice: z.string().optional(),
});
export type CommentDto = z.infer<typeof commentDto>;

export const likeResponse = z.object({ isLiked: z.boolean(), likeCount: z.number().int() });

export const optimizationDto = z.object({
  originalSize: z.number().int(),
  compressedSize: z.number().int().nullable(),
  webpSize: z.number().int().nullable(),
  thumbnailSize: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  formats: z.object({
    original: z.string(),
    compressed: z.string().optional(),
    webp: z.string().optional(),
    thumbnail: z.string().optional(),
  }),
});

export const slideshowImage = z.object({
  id: z.number().int(),
  name: z.string(),
  alt: z.string(),
  filePath: z.string(),
  placeholder: z.string().nullable(),
  user: z.object({ username: z.string() }),
});

export const analyzeTagsResponse = z.object({ suggestedTags: z.array(z.string()), message: z.string() });

/** A page of file cards: the feed, the random feed, More like this. */
export const filePage = z.array(fileDto);
export const commentPage = z.array(commentDto);
export const slideshowImages = z.array(slideshowImage);

/** The home's tag marquee draws up to 100 tags. */
export const randomTagsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });
export const tagNames = z.array(z.string());

/** Loose: the other headers (cookie, origin) must stay on the request. */
export const uploadHeaders = z.looseObject({ 'idempotency-key': idempotencyKey.optional() });

/** `/uploads/<key>`: a stored object of a file by its key. */
export const storedKeyParams = z.object({ '*': z.string().max(300) });
