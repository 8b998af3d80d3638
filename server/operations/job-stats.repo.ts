import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { JOBS_SCHEMA } from '../jobs/boss';
import { jobPolicies } from '../jobs/job-catalogue';

/** One job name's backlog: jobs due and waiting, how long the oldest has waited, failures of the last day. */
export type JobNameStats = { name: string; waiting: number; oldestSeconds: number; failedToday: number };

/**
 * The job queue as an operator reads it, in one query over pg-boss's table: due jobs not yet
 * started (created or waiting a retry), the age of the oldest, and jobs failed for good in the
 * last 24 hours. Deferred jobs (a schedule, a retry's delay) are not a backlog until due.
 */
export function createJobStatsRepo(db: Db) {
  return {
    async byName(): Promise<JobNameStats[]> {
      const res = (await db.execute(sql`
        select name,
          count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
          coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as "oldestSeconds",
          count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day')::int as "failedToday"
        from ${sql.raw(JOBS_SCHEMA)}.job
        where state in ('created', 'retry', 'failed')
        group by name order by name`)) as unknown as { rows: JobNameStats[] };
      const found = new Map(res.rows.map((r) => [r.name, r]));
      // Every job of the catalogue, at zero when none waits: an alert on a series needs the series.
      const names = [...new Set([...Object.keys(jobPolicies), ...found.keys()])].sort();
      return names.map((name) => {
        const r = found.get(name);
        return { name, waiting: Number(r?.waiting ?? 0), oldestSeconds: Math.max(0, Number(r?.oldestSeconds ?? 0)), failedToday: Number(r?.failedToday ?? 0) };
      });
    },
  };
}
export type JobStatsRepo = ReturnType<typeof createJobStatsRepo>;
