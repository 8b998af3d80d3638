import type { CurrentUser, PublicUser } from '../../../contract/users';
import type { UserRow } from './users.repo';

export function avatarUrl(key: string | null): string | null {
  return key ? `/uploads/${key}` : null;
}

/** What a member's public card reads: never the email, the password hash or the settings. */
export type PublicUserFields = Pick<UserRow, 'id' | 'username' | 'firstName' | 'lastName' | 'bio' | 'profileImageKey' | 'followersCount' | 'followingCount' | 'createdAt'>;

export function toPublicUser(u: PublicUserFields): PublicUser {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    bio: u.bio,
    profileImageUrl: avatarUrl(u.profileImageKey),
    followersCount: u.followersCount,
    followingCount: u.followingCount,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Only for the member themself: adds their email and admin flag. */
export function toCurrentUser(u: UserRow): CurrentUser {
  return { ...toPublicUser(u), email: u.email, isAdmin: u.isAdmin };
}
