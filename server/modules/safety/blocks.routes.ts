import type { safetyEndpoints } from '../../../contract/api/safety';
import { safetyMessages } from '../../../contract/safety';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import type { UsersRepo } from '../users/users.repo';
import { avatarUrl } from '../users/users.presenter';
import { userMessages } from '../../../contract/users';
import type { BlocksRepo } from './blocks.repo';
import type { BlockWrites } from './block-writes';

export type BlockDeps = { blocks: BlockWrites; users: Pick<UsersRepo, 'findById'> };

/**
 * Block, unblock, mute, unmute and their lists (docs/decisions/028-safety-kit.md). Silent to the blocked
 * member: nothing tells them, their reads simply stop showing the blocker. A block may target
 * any active member, even one who blocked the viewer first, so a block can stand both ways.
 */
export function blockHandlers(d: BlockDeps): HandlersFor<Omit<typeof safetyEndpoints, 'deleteComment' | 'deleteAccount'>> {
  async function target(viewerId: number, id: number, selfMessage: string = safetyMessages.cannotBlockSelf) {
    if (id === viewerId) throw new ValidationError(selfMessage);
    const user = await d.users.findById(id);
    if (!user || user.status !== 'active') throw new NotFoundError(userMessages.userNotFound);
    return user.id;
  }
  return {
    blockUser: async (request) => {
      const id = await target(request.user.id, request.params.id);
      // Every process's caches learn of it before the answer (server/events/event-table.ts).
      await d.blocks.block(request.user.id, id);
      return { isBlocked: true };
    },
    unblockUser: async (request) => {
      const id = await target(request.user.id, request.params.id);
      await d.blocks.unblock(request.user.id, id);
      return { isBlocked: false };
    },
    muteUser: async (request) => {
      const id = await target(request.user.id, request.params.id, safetyMessages.cannotMuteSelf);
      await d.blocks.mute(request.user.id, id);
      return { isMuted: true };
    },
    unmuteUser: async (request) => {
      const id = await target(request.user.id, request.params.id, safetyMessages.cannotMuteSelf);
      await d.blocks.unmute(request.user.id, id);
      return { isMuted: false };
    },
    listMutes: async (request) => (await d.blocks.listMuted(request.user.id, request.query)).map(toListed),
    listBlocks: async (request) => (await d.blocks.listBlocked(request.user.id, request.query)).map(toListed),
  };
}

type Listed = Awaited<ReturnType<BlocksRepo['listBlocked']>>[number];
function toListed(r: Listed) {
  return {
    id: r.user.id,
    username: r.user.username,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    profileImageUrl: avatarUrl(r.user.profileImageKey),
    blockedAt: r.blockedAt.toISOString(),
  };
}
