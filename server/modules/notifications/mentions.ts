import { mentionsOf, MENTIONS_NOTIFIED_MAX } from '../../../contract/post-text';
import { membersWhoSeeFile } from '../../access/visibility';
import type { UsersRepo } from '../users/users.repo';

/**
 * The members a text on file `fileId` mentions who are to be told: the first
 * MENTIONS_NOTIFIED_MAX `@usernames` in the order written, of active members, but the author,
 * and only those the visibility module lets see the file (docs/decisions/032). A mention of
 * someone who cannot see the file tells them nothing, not even that it exists.
 */
export async function mentionedWhoSee(users: Pick<UsersRepo, 'findActiveIdsByUsernames' | 'findIdsWhereFile'>, fileId: number, text: string, author: { id: number; username: string }): Promise<number[]> {
  const names = mentionsOf(text)
    .filter((name) => name.toLowerCase() !== author.username.toLowerCase())
    .slice(0, MENTIONS_NOTIFIED_MAX);
  const ids = (await users.findActiveIdsByUsernames(names)).filter((id) => id !== author.id);
  return membersWhoSeeFile(users, fileId, ids);
}
