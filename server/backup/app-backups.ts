import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createStorage } from '../storage/create-storage';
import { writeBackup } from './backup';
import type { BackupHandler } from './data-dir-claim';

/** How the running app answers `npm run backup` (PGlite): a backup through its own connection, with a storage client of its own. */
export function appBackups(database: Database, config: Config, log: FastifyBaseLogger): BackupHandler {
  return async (out) => {
    const storage = createStorage(config);
    try {
      const summary = await writeBackup({ database, storage, tmpDir: config.tmpDir, log: { info: (m) => log.info(m), warn: (m) => log.warn(m) } }, out);
      log.info({ objects: summary.objects, attempts: summary.attempts }, 'backup written');
    } finally {
      await storage.close();
    }
  };
}
