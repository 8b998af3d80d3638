import { z } from 'zod';
import { publicUser } from './users';

/** How many members and tags a first run offers. */
export const SUGGESTED_MEMBERS = 6;
export const SUGGESTED_TAGS = 12;

/** A member to follow: their public work, by which they were picked. */
export const suggestedMember = z.object({
  user: publicUser,
  /** Public files, the ones every member sees. */
  publicFiles: z.number().int(),
  /** Likes on those files. */
  likes: z.number().int(),
});
export type SuggestedMember = z.infer<typeof suggestedMember>;

export const suggestedTag = z.object({ tag: z.string(), files: z.number().int() });
export type SuggestedTag = z.infer<typeof suggestedTag>;

/**
 * `getSuggestions`: members with public files the asker does not follow yet, most followed then
 * most liked first; and the tags of public files, most liked first.
 */
export const suggestionsResponse = z.object({ members: z.array(suggestedMember), tags: z.array(suggestedTag) });
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;
