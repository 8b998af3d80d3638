import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { LiveHub } from '../../live/live-hub';
import type { Storage } from '../../storage/storage';
import { createNotificationsRepo } from '../notifications/notifications.repo';
import { createArchiveContentRepo } from './archive-content.repo';
import { createArchivesRepo } from './archives.repo';
import { createArchivesService } from './archives.service';

/** The archives service with its repositories, for the composition root (jobs/job-services.ts). */
export function createMemberArchives(w: { config: Config; db: Db; queue: JobQueue; storage: Storage; live: LiveHub; log: FastifyBaseLogger }) {
  return createArchivesService({
    archives: createArchivesRepo(w.db),
    content: createArchiveContentRepo(w.db),
    notifications: createNotificationsRepo(w.db),
    queue: w.queue,
    storage: w.storage,
    live: w.live,
    config: w.config,
    log: w.log,
  });
}
