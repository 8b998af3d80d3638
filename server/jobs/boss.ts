import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { Database } from '../db/client';
import { withDates } from '../db/pglite-text-types';

/** The queue's tables live in their own schema next to the app's. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * A pg-boss instance over the app's own database. PostgreSQL: pg-boss keeps a small pool of its
 * own (LISTEN needs a pinned connection). PGlite has one connection, so pg-boss shares it through
 * `fromPglite`: every statement waits its turn on PGlite's lock, a multi-statement call runs through
 * `exec` with every statement's rows returned, and an app transaction is never interleaved. It
 * reads dates as `Date`, as pg-boss expects (`withDates`).
 */
export function createBoss(database: Database, options: Partial<ConstructorOptions> = {}): PgBoss {
  const common: ConstructorOptions = {
    schema: JOBS_SCHEMA,
    useListenNotify: true,
    // Cron passes every few seconds: a due schedule is sent within seconds, not half a minute.
    cronMonitorIntervalSeconds: 5,
    cronWorkerIntervalSeconds: 5,
    // Expired jobs and jobs whose worker stopped beating (killed) are failed into a retry by this
    // pass, run only by processes that work jobs: every 15 s rather than pg-boss's 60.
    superviseIntervalSeconds: 15,
    monitorIntervalSeconds: 15,
    openTelemetry: { enabled: false },
    ...options,
  };
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('PGlite database without its client');
    return new PgBoss({ ...common, db: fromPglite(withDates(database.pglite)), backend: 'pglite' });
  }
  if (!database.url) throw new Error('PostgreSQL database without its URL');
  return new PgBoss({ ...common, connectionString: database.url, max: 4, application_name: 'kaleido-jobs' });
}
