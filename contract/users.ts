import { z } from 'zod';

/** The user record every user payload carries. Never a password hash or any other secret. */
export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** The signed-in member's own record (`GET /api/user`): adds what only they may read. */
export const currentUser = publicUser.extend({
  email: z.string(),
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** `GET /api/users/search/{term}` (spec 2 §7): members the viewer may see, never their email. */
export const USER_SEARCH_MIN = 2;
export const USER_SEARCH_LIMIT = 10;
export const userSearchPath = (term: string) => `/api/users/search/${encodeURIComponent(term)}`;
export const userSearchResult = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type UserSearchResult = z.infer<typeof userSearchResult>;
export const userSearchList = z.array(userSearchResult);
