import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/helpers/test-db';
import { silentLog } from '../../tests/helpers/silent-log';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { rowsOf } from './rows';
import { vacuumWhereDue } from './vacuum';
import { registerVacuumJobs } from './vacuum-jobs';

type TableStats = { dead: number; changed: number; vacuumed: boolean; analysed: boolean };

// PGlite runs no autovacuum: a job does what it would (docs/decisions/039, "Vacuum").
describe('the embedded database vacuumed by a job', () => {
  const database = useTestDatabase();
  const queues: JobQueue[] = [];
  afterAll(async () => {
    for (const q of queues) await q.stop().catch(() => {});
  });

  async function stats(table: string): Promise<TableStats> {
    await database.db.execute(sql`select pg_stat_clear_snapshot()`);
    const [row] = await rowsOf<TableStats>(
      database.db,
      sql`select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, coalesce(last_vacuum, last_autovacuum) is not null as vacuumed,
        coalesce(last_analyze, last_autoanalyze) is not null as analysed from pg_stat_user_tables where relname = ${table}`,
    );
    return row;
  }

  /** Statistics reach the shared view when the writing session next reports them. */
  async function until(table: string, holds: (s: TableStats) => boolean): Promise<TableStats> {
    for (let i = 0; i < 150; i++) {
      await database.db.execute(sql`select pg_stat_force_next_flush()`);
      const s = await stats(table);
      if (holds(s)) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
    return stats(table);
  }

  /** 300 members rewritten twice: up to 600 dead rows (fewer where a page was pruned), past 50 + a fifth of the table. */
  async function churnMembers(prefix: string) {
    await database.db.execute(sql`insert into users (email, username, password_hash) select ${prefix} || g || '@example.com', ${prefix} || g, 'x' from generate_series(1, 300) g`);
    for (let i = 0; i < 2; i++) await database.db.execute(sql`update users set bio = 'rewritten ' || ${i} where username like ${`${prefix}%`}`);
    expect((await until('users', (s) => s.dead >= 300)).dead).toBeGreaterThanOrEqual(300);
  }

  it('vacuums the tables with many dead rows, analyses those with many changes, and leaves the rest', async () => {
    await churnMembers('churn');
    const [owner] = await rowsOf<{ id: number }>(database.db, sql`select id from users where username = 'churn1'`);
    // Only added rows: their statistics are due, not a vacuum.
    await database.db.execute(sql`insert into folders (user_id, name) select ${owner.id}, 'shelf ' || g from generate_series(1, 300) g`);
    await until('folders', (s) => s.changed >= 300);
    const quiet = await stats('blocks');

    const pass = await vacuumWhereDue(database.db);
    expect(pass.vacuumed).toContain('public.users');
    expect(pass.analyzed).toContain('public.folders');
    expect([...pass.vacuumed, ...pass.analyzed]).not.toContain('public.blocks');

    expect(await until('users', (s) => s.vacuumed && s.dead === 0)).toMatchObject({ dead: 0, vacuumed: true, analysed: true });
    expect(await until('folders', (s) => s.analysed)).toMatchObject({ changed: 0, analysed: true, vacuumed: false });
    expect(await stats('blocks')).toEqual(quiet);
    // Nothing is due any more: a second pass does nothing.
    expect(await vacuumWhereDue(database.db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('is scheduled hourly and run by the queue on PGlite, and left to autovacuum on PostgreSQL', async () => {
    const queue = createJobQueue(database, { log: silentLog, work: true, pollingIntervalSeconds: 0.5 });
    queues.push(queue);
    registerVacuumJobs(queue, { database, log: silentLog });
    await queue.start();
    const schedules = await rowsOf<{ name: string; cron: string }>(database.db, sql`select name, cron from pgboss.schedule where name = 'database.vacuum'`);
    if (database.kind !== 'pglite') {
      expect(schedules).toEqual([]);
      return;
    }
    expect(schedules).toEqual([{ name: 'database.vacuum', cron: '47 * * * *' }]);
    await churnMembers('queued');
    await queue.send('database.vacuum', {});
    expect(await until('users', (s) => s.vacuumed && s.dead === 0)).toMatchObject({ dead: 0, vacuumed: true });
  });
});
