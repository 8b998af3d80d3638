import { z } from 'zod';

/** "More like this" (issue 22): neighbours end after this many, however far a member scrolls. */
export const SIMILAR_MAX = 1_000;

export const similarQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The upload dialog's hint: the member's own earlier file this upload looks like. */
export const duplicateDto = z.object({
  /** True while the file has not been fingerprinted yet (its recognition job has not run). */
  pending: z.boolean(),
  duplicateOf: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type DuplicateDto = z.infer<typeof duplicateDto>;

export const similarStrings = {
  section: 'More like this',
  action: 'Similar to this',
  duplicateHint: 'Looks like a file you already uploaded',
  searchTitle: 'Similar to',
  empty: 'Nothing similar yet',
} as const;
