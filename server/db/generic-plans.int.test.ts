import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/helpers/test-db';
import { plannedOnce } from './client';
import { rowsOf } from './rows';
import { createReadsRepo } from '../modules/files/reads/reads.repo';

// Statements planned once (generic-plans.ts): on PostgreSQL a pool of their own plans them for any
// values under a name, and nothing else is planned that way.
describe('statements planned once', () => {
  const database = useTestDatabase();

  it.skipIf(process.env.TEST_DB !== 'postgres')('are prepared under a name with one generic plan, and the main pool still plans each statement for its values', async () => {
    const prepared = sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'once\\_%'`;
    let rows: { name: string; generic: number; custom: number }[] = [];
    for (let i = 0; i < 6; i++) rows = await rowsOf(plannedOnce(database), prepared);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ name: expect.stringMatching(/^once_[0-9a-f]{24}$/), custom: 0 });
    expect(Math.max(...rows.map((r) => r.generic))).toBeGreaterThanOrEqual(2);

    expect(await rowsOf(plannedOnce(database), sql`show plan_cache_mode`)).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    expect(await rowsOf(database.db, sql`show plan_cache_mode`)).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('answer as any statement does, with their values bound', async () => {
    const twice = (n: number) => rowsOf<{ n: number }>(plannedOnce(database), sql`select ${n}::int * 2 as n`);
    expect(await twice(4)).toEqual([{ n: 8 }]);
    expect(await twice(21)).toEqual([{ n: 42 }]);
  });

  // Planned for its values, the cards' statement was planned on every call (PostgreSQL never chose
  // its generic plan) and for twenty ids picked a hash join over every member: 3.5 ms to run, against
  // 0.1 ms for the generic plan's index lookups, after 0.3–0.5 ms of planning.
  it.skipIf(process.env.TEST_DB !== 'postgres')('include the cards read by id, which keep one generic plan', async () => {
    const [owner] = await rowsOf<{ id: number }>(database.db, sql`insert into users (email, username, password_hash) values ('plans@example.com', 'plans', 'x') returning id`);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [file] = await rowsOf<{ id: number }>(
        database.db,
        sql`insert into files (user_id, name, original_name, file_type, kind, size, key_base, storage_key) values (${owner.id}, ${`card ${i}`}, 'c.pdf', 'application/pdf', 'pdf', 1, ${`plans/${i}`}, ${`plans/${i}.pdf`}) returning id`,
      );
      ids.push(file.id);
    }
    const repo = createReadsRepo(database.db, plannedOnce(database));
    for (let i = 0; i < 8; i++) expect((await repo.cardRows(i % 2 ? ids : [ids[i % 3]])).length).toBe(i % 2 ? 3 : 1);
    const plans = await rowsOf<{ generic: number; custom: number }>(
      plannedOnce(database),
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'reads_card_rows'`,
    );
    expect(plans).toEqual([{ generic: 8, custom: 0 }]);
  });
});
