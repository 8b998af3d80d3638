import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import type { Notifier } from '../notifications/notifier';
import { createArchiveContentRepo } from './archive-content.repo';
import { createArchivesRepo } from './archives.repo';
import { createArchivesService } from './archives.service';

/** The archives service with its repositories, for the composition root (jobs/job-services.ts). */
export function createMemberArchives(w: { config: Config; db: Db; queue: JobQueue; storage: Storage; log: FastifyBaseLogger }, notifier: Pick<Notifier, 'deliver'>) {
  return createArchivesService({
    archives: createArchivesRepo(w.db),
    content: createArchiveContentRepo(w.db),
    notifier,
    queue: w.queue,
    storage: w.storage,
    config: w.config,
    log: w.log,
  });
}
