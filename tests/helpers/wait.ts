import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { socialEvents } from '../../server/jobs/job-catalogue';

/** Reads until `ok` holds, every `intervalMs`, and answers the last read; a deadline, never a fixed sleep. */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, { timeoutMs = 15_000, intervalMs = 25 } = {}): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Waits until no job of these names is waiting, running or due for a retry: what their handlers
 * were going to write is written (a notification present, or absent for good). Throws past the deadline.
 */
export async function jobsSettled(database: Database, names: readonly string[] = socialEvents, timeoutMs = 15_000): Promise<void> {
  const pending = async () => {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)}) and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0].n);
  };
  const left = await eventually(pending, (n) => n === 0, { timeoutMs });
  if (left) throw new Error(`${left} jobs of ${names.join(', ')} still pending after ${timeoutMs} ms`);
}
