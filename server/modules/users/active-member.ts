import { userMessages } from '../../../contract/users';
import { NotFoundError } from '../../lib/errors';
import type { UserRow, UsersRepo } from './users.repo';

/** A member who exists and is active; a waitlisted or refused account is as unknown as a missing one. */
export async function findActiveMember(users: Pick<UsersRepo, 'findById'>, id: number): Promise<UserRow> {
  const user = await users.findById(id);
  if (!user || user.status !== 'active') throw new NotFoundError(userMessages.userNotFound);
  return user;
}
