import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/queue';
import { sweepDebris } from '../../storage/startup-sweep';
import type { Storage } from '../../storage/storage';
import type { StoredKeysRepo } from '../../storage/stored-keys.repo';

/**
 * `debris-sweep.due`, every ten minutes: the start-up sweep again, on whichever process takes the
 * job. Storage is shared, so its orphans are swept for everyone; scratch space is that process's.
 */
export function registerSweepJobs(queue: JobQueue, d: { storedKeys: StoredKeysRepo; storage: Storage; tmpDir: string; log: FastifyBaseLogger }): void {
  queue.work('debris-sweep.due', async () => {
    await sweepDebris({ storage: d.storage, tmpDir: d.tmpDir, referencedKeys: d.storedKeys.referencedKeys, log: d.log });
  });
}
