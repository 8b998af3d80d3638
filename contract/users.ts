import { z } from 'zod';
import { pageQuery, text } from './common';
import { fileDto } from './files';

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

// Profiles and follows.

export const userMessages = {
  userNotFound: 'User not found',
  cannotFollowSelf: 'You cannot follow yourself',
} as const;

/**
 * GET /api/users/{id}: the public record with the four profile counts. `fileCount` and
 * `folderCount` count only what THIS viewer may see (a private file or folder of another
 * member is never counted); `email` is present only when the viewer is the member themself.
 */
export const userProfile = publicUser.extend({
  fileCount: z.number().int(),
  folderCount: z.number().int(),
  /** Whether the viewer follows this member (always false on one's own profile). */
  isFollowing: z.boolean(),
  /** The viewer's own profile: no Follow or Message buttons, the owner's empty state. */
  isSelf: z.boolean(),
  email: z.string().optional(),
  /** Admins only: whether an admin suspended this member (docs/decisions/028-safety-kit.md). */
  isSuspended: z.boolean().optional(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Followers, following and `GET /api/users/search/{term}`: newest follow first for the lists. */
export const userList = z.array(publicUser);

/** GET /api/users/{id}/follow-status. */
export const followStatusResponse = z.object({ isFollowing: z.boolean() });

/**
 * POST and DELETE /api/users/{id}/follow, both idempotent: the state afterwards, the followed
 * member's exact follower count and the viewer's own following count, so the profile updates
 * without a refetch.
 */
export const followResponse = z.object({
  isFollowing: z.boolean(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
});
export type FollowResponse = z.infer<typeof followResponse>;

/** GET /api/users/{id}/files: `search` narrows by name, description or tag (the Edit Files dialog, with limit=100). */
export const userFilesQuery = pageQuery.extend({ search: text().trim().max(200).optional() });
export type UserFilesQuery = z.infer<typeof userFilesQuery>;

/** The member's files the viewer may see, newest first. */
export const userFileList = z.array(fileDto);

export const userCountResponse = z.object({ count: z.number().int() });

/** GET /api/users/search/{term}: username, first or last name; a typo in the username is forgiven. */
export const userSearchParams = z.object({ term: text().trim().min(1).max(100) });

/** `GET /api/users/search/{term}`: members the viewer may see, never their email. */
export { USER_SEARCH_MIN } from './limits';
export const userSearchResult = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type UserSearchResult = z.infer<typeof userSearchResult>;
export const userSearchList = z.array(userSearchResult);
