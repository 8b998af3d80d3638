// What the client's first screens need of the files contract, without zod: the limits, the
// messages and the tag rule the upload dialog and the feed's cards use (docs/decisions/023).
// `contract/files.ts` re-exports all of it beside the schemas.

export const TAG_MAX_LENGTH = 40;
export const TAGS_PER_FILE = 20;
export const FILE_NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const COMMENT_MAX = 2000;

export const fileMessages = {
  tooLarge: (name: string) => `${name}: File too large (max 10MB)`,
  unsupported: (name: string) => `${name}: File type not supported`,
  noFile: 'Choose a file to upload',
  tagTooLong: `Each tag must be ${TAG_MAX_LENGTH} characters or less`,
  tooManyTags: `A file can have at most ${TAGS_PER_FILE} tags`,
  commentRequired: 'Comment cannot be empty',
  commentTooLong: `Comments must be ${COMMENT_MAX} characters or less`,
  fileNotFound: 'File not found',
  notOwner: 'Only the owner can change this file',
  imagesOnly: 'Only images can be analyzed',
} as const;

/** Lower case, trimmed, de-duplicated; length rules are checked by `tagList`. */
export function normalizeTags(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(',');
  const out: string[] = [];
  for (const raw of parts) {
    const tag = raw.trim().toLowerCase().replace(/\s+/g, ' ');
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** What the client says while a rendition is made, and when it cannot be. */
export const playbackMessages = {
  processing: 'Processing…',
  unplayableVideo: "This video can't be played here — download it",
  unplayableAudio: "This audio can't be played here — download it",
} as const;
