import { z } from 'zod';

// The strings and limit live without zod, for the client's first script (decision 023).
export { SIMILAR_MAX, similarStrings } from './similar-strings';

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
