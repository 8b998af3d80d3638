import type { FastifyBaseLogger } from 'fastify';
import type { EventWriter } from '../../events/event-writer';
import type { JobQueue } from '../../jobs/queue';
import { ALL, type InvalidationBus } from '../../lib/invalidation-bus';
import type { Storage } from '../../storage/storage';
import { removedKey } from '../similar/similar-index';
import type { AccountDeletionRepo } from './account-deletion.repo';

export type AccountDeletionDeps = { repo: AccountDeletionRepo; events: EventWriter; storage: Pick<Storage, 'delete'>; bus: InvalidationBus; log: FastifyBaseLogger };

/**
 * Deleting an account (docs/decisions/028-safety-kit.md): `request` answers once the member is
 * signed out everywhere and hidden on every process; the `account.delete` job (retried until it
 * succeeds) removes the rows, then the stored objects, then tells every cache.
 */
export function createAccountDeletion(d: AccountDeletionDeps) {
  const everything = () =>
    Promise.all([d.bus.publish('feed', ALL), d.bus.publish('hidden', ALL), d.bus.publish('skeleton', ALL), d.bus.publish('grants', ALL), d.bus.publish('owner', ALL)]);
  return {
    /** Their sessions end and their content is hidden on every process before this answers (server/events/event-table.ts). */
    async request(userId: number): Promise<void> {
      await d.events.write(async (tx, emit) => {
        await d.repo.begin(tx, userId);
        emit({ type: 'account.deletion-requested', userId });
      });
    },
    async purge(userId: number): Promise<void> {
      const { keys, fileIds } = await d.repo.purge(userId);
      // A key that fails to go is left for the periodic debris sweep: no row refers to it any more.
      await Promise.all(keys.map((key) => d.storage.delete(key).catch((err) => d.log.warn({ err, key }, 'could not delete stored object'))));
      await Promise.all([everything(), ...fileIds.map((id) => d.bus.publish('embeddings', removedKey(id)))]);
      d.log.info({ userId, files: fileIds.length, objects: keys.length }, 'account deleted');
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

/** The job that finishes a deletion, in the app process or `npm run worker`. */
export function registerAccountDeletionJobs(queue: JobQueue, deletion: AccountDeletion): void {
  queue.work('account.delete', async ({ userId }) => deletion.purge(userId));
}
