import type { EventWriter } from '../../events/event-writer';
import type { BlocksRepo } from './blocks.repo';

/**
 * Blocks and mutes with their writes: each runs in one transaction that records what it did
 * (server/events/event-table.ts: both members' hidden lists and sessions, everyone's grants when
 * a collaboration ended). A repeat that changed nothing records nothing.
 */
export function createBlockWrites(repo: BlocksRepo, events: EventWriter) {
  return {
    ...repo,
    block: (blockerId: number, blockedId: number) =>
      events.write(async (tx, emit) => {
        const change = await repo.block(tx, blockerId, blockedId);
        if (change.changed) emit({ type: 'block.added', blockerId, blockedId, collaborationsEnded: change.collaborationsEnded > 0 });
        return change;
      }),
    unblock: (blockerId: number, blockedId: number) =>
      events.write(async (tx, emit) => {
        const change = await repo.unblock(tx, blockerId, blockedId);
        if (change.changed) emit({ type: 'block.removed', blockerId, blockedId });
        return change;
      }),
    mute: (muterId: number, mutedId: number) =>
      events.write(async (tx, emit) => {
        const changed = await repo.mute(tx, muterId, mutedId);
        if (changed) emit({ type: 'mute.added', muterId, mutedId });
        return changed;
      }),
    unmute: (muterId: number, mutedId: number) =>
      events.write(async (tx, emit) => {
        const changed = await repo.unmute(tx, muterId, mutedId);
        if (changed) emit({ type: 'mute.removed', muterId, mutedId });
        return changed;
      }),
  };
}
export type BlockWrites = ReturnType<typeof createBlockWrites>;
