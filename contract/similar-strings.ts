// The "More like this" strings and limit without zod: the feed's cards and the upload dialog
// show them on the member's first screen (docs/decisions/023). `contract/similar.ts` re-exports them.

/** "More like this" (decision 024): neighbours end after this many, however far a member scrolls. */
export const SIMILAR_MAX = 1_000;

export const similarStrings = {
  section: 'More like this',
  action: 'Similar to this',
  duplicateHint: 'Looks like a file you already uploaded',
  searchTitle: 'Similar to',
  empty: 'Nothing similar yet',
} as const;
