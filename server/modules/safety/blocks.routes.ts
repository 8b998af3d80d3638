import type { safetyEndpoints } from '../../../contract/api/safety';
import type { HandlersFor } from '../../plugins/endpoints';
import { avatarUrl } from '../users/users.presenter';
import type { BlockService } from './blocks.service';

/** Block, unblock, mute, unmute and their lists (server/modules/safety/blocks.service.ts). */
export function blockHandlers(d: { blocks: BlockService }): HandlersFor<Omit<typeof safetyEndpoints, 'deleteComment' | 'deleteAccount'>> {
  return {
    blockUser: async (request) => {
      await d.blocks.block(request.user.id, request.params.id);
      return { isBlocked: true };
    },
    unblockUser: async (request) => {
      await d.blocks.unblock(request.user.id, request.params.id);
      return { isBlocked: false };
    },
    muteUser: async (request) => {
      await d.blocks.mute(request.user.id, request.params.id);
      return { isMuted: true };
    },
    unmuteUser: async (request) => {
      await d.blocks.unmute(request.user.id, request.params.id);
      return { isMuted: false };
    },
    listMutes: async (request) => (await d.blocks.listMuted(request.user.id, request.query)).map(toListed),
    listBlocks: async (request) => (await d.blocks.listBlocked(request.user.id, request.query)).map(toListed),
  };
}

type Listed = Awaited<ReturnType<BlockService['listBlocked']>>[number];
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
