import type { FastifyBaseLogger } from 'fastify';
import type { EventWriter } from '../../events/event-writer';
import type { JobQueue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import type { AccountDeletionRepo } from './account-deletion.repo';

export type AccountDeletionDeps = { repo: AccountDeletionRepo; events: EventWriter; storage: Pick<Storage, 'delete'>; log: FastifyBaseLogger };

/**
 * Deleting an account (docs/decisions/028-safety-kit.md): `request` answers once the member is
 * signed out everywhere and hidden on every process; the `account.delete` job (retried until it
 * succeeds) removes the rows, which tells every cache (`account.purged`), then the stored objects.
 */
export function createAccountDeletion(d: AccountDeletionDeps) {
  return {
    /** Their sessions end and their content is hidden on every process before this answers (server/events/event-table.ts). */
    async request(userId: number): Promise<void> {
      await d.events.write(async (tx, emit) => {
        await d.repo.begin(tx, userId);
        emit({ type: 'account.deletion-requested', userId });
      });
    },
    async purge(userId: number): Promise<void> {
      const { keys, fileIds } = await d.events.write(async (tx, emit) => {
        const gone = await d.repo.purge(tx, userId);
        // A retried job whose rows already went announces again, as the first run may not have.
        emit({ type: 'account.purged', userId, fileIds: gone.fileIds });
        return gone;
      });
      // A key that fails to go is left for the periodic debris sweep: no row refers to it any more.
      await Promise.all(keys.map((key) => d.storage.delete(key).catch((err) => d.log.warn({ err, key }, 'could not delete stored object'))));
      d.log.info({ userId, files: fileIds.length, objects: keys.length }, 'account deleted');
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

/** The job that finishes a deletion, in the app process or `npm run worker`. */
export function registerAccountDeletionJobs(queue: JobQueue, deletion: AccountDeletion): void {
  queue.work('account.delete', async ({ userId }) => deletion.purge(userId));
}
