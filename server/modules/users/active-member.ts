import { userMessages } from '../../../contract/users';
import { isMemberHidden, isSuspendedFor } from '../../access/blocks';
import type { Viewer } from '../../access/viewer';
import { NotFoundError } from '../../lib/errors';
import type { UserRow, UsersRepo } from './users.repo';

/**
 * A member who exists and is active; a waitlisted or refused account is as unknown as a missing
 * one. So is a member with whom a block stands with `viewer`, and a suspended member for all but
 * admins (server/access/blocks.ts): the profile, follows, messages, invites and collaborators
 * all answer the same 404.
 */
export async function findActiveMember(users: Pick<UsersRepo, 'findById' | 'isBlockedBetween'>, id: number, viewer: Viewer): Promise<UserRow> {
  const [user, hidden] = await Promise.all([users.findById(id), isMemberHidden(users, id, viewer)]);
  if (!user || user.status !== 'active' || hidden || isSuspendedFor(user, viewer)) throw new NotFoundError(userMessages.userNotFound);
  return user;
}
