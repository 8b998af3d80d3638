import { safetyMessages } from '../../../contract/safety';
import { userMessages } from '../../../contract/users';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { UsersRepo } from '../users/users.repo';
import type { BlockWrites } from './block-writes';

type Page = { offset: number; limit: number };

export type BlockServiceDeps = { blocks: BlockWrites; users: Pick<UsersRepo, 'findById'> };

/**
 * Block, unblock, mute, unmute and their lists (docs/decisions/028-safety-kit.md). Silent to the blocked
 * member: nothing tells them, their reads simply stop showing the blocker. A block may target
 * any active member, even one who blocked the viewer first, so a block can stand both ways.
 * Every process's caches learn of a change before it answers (server/events/event-table.ts).
 */
export function createBlockService(d: BlockServiceDeps) {
  async function target(viewerId: number, id: number, selfMessage: string = safetyMessages.cannotBlockSelf): Promise<number> {
    if (id === viewerId) throw new ValidationError(selfMessage);
    const user = await d.users.findById(id);
    if (!user || user.status !== 'active') throw new NotFoundError(userMessages.userNotFound);
    return user.id;
  }
  return {
    async block(viewerId: number, id: number): Promise<void> {
      await d.blocks.block(viewerId, await target(viewerId, id));
    },
    async unblock(viewerId: number, id: number): Promise<void> {
      await d.blocks.unblock(viewerId, await target(viewerId, id));
    },
    async mute(viewerId: number, id: number): Promise<void> {
      await d.blocks.mute(viewerId, await target(viewerId, id, safetyMessages.cannotMuteSelf));
    },
    async unmute(viewerId: number, id: number): Promise<void> {
      await d.blocks.unmute(viewerId, await target(viewerId, id, safetyMessages.cannotMuteSelf));
    },
    /** The members `viewerId` muted, newest first. */
    listMuted: (viewerId: number, page: Page) => d.blocks.listMuted(viewerId, page),
    /** The members `viewerId` blocked, newest block first. */
    listBlocked: (viewerId: number, page: Page) => d.blocks.listBlocked(viewerId, page),
  };
}
export type BlockService = ReturnType<typeof createBlockService>;
