import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/queue';
import type { Database } from './client';
import { vacuumWhereDue } from './vacuum';

/** The embedded database's hourly vacuum (its schedule: `embeddedDatabaseSchedules`); a PostgreSQL server's autovacuum does it there. */
export function registerVacuumJobs(queue: JobQueue, d: { database: Pick<Database, 'db' | 'kind'>; log: FastifyBaseLogger }): void {
  if (d.database.kind !== 'pglite') return;
  queue.work('database.vacuum', async () => {
    const pass = await vacuumWhereDue(d.database.db);
    if (pass.vacuumed.length || pass.analyzed.length) d.log.info(pass, 'tables vacuumed and analysed');
  });
}
