import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/helpers/test-db';
import { plannedOnce } from './client';
import { rowsOf } from './rows';
import { createReadsRepo } from '../modules/files/reads/reads.repo';
import { createFilesRepo } from '../modules/files/files.repo';
import { createSessionsRepo } from '../modules/auth/sessions.repo';
import { findVisibleFile } from '../access/visibility';

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

  // Planned for its values, the visibility check of every like, comment and detail took 0.3–0.5 ms
  // to plan and 0.05–0.36 ms to run; generic, 0.01 ms to plan and no longer to run (the same plan:
  // the file by its key, the grants and blocks hashed once). A session by its token likewise.
  it.skipIf(process.env.TEST_DB !== 'postgres')('include one file under the visibility rule and a session by its token, each with one generic plan', async () => {
    const [owner, viewer] = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into users (email, username, password_hash) values ('seen@example.com', 'seen', 'x'), ('seer@example.com', 'seer', 'x') returning id`,
    );
    const [shown] = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into files (user_id, name, original_name, file_type, kind, size, key_base, storage_key) values (${owner.id}, 'seen', 's.pdf', 'application/pdf', 'pdf', 1, 'plans/seen', 'plans/seen.pdf') returning id`,
    );
    const [hidden] = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into files (user_id, name, original_name, file_type, kind, size, key_base, storage_key, is_public) values (${owner.id}, 'unseen', 'u.pdf', 'application/pdf', 'pdf', 1, 'plans/unseen', 'plans/unseen.pdf', false) returning id`,
    );
    const files = createFilesRepo(database.db, plannedOnce(database));
    for (let i = 0; i < 4; i++) {
      expect((await findVisibleFile(files, shown.id, { id: viewer.id })).name).toBe('seen');
      await expect(findVisibleFile(files, hidden.id, { id: viewer.id })).rejects.toThrow();
    }
    const sessions = createSessionsRepo(database.db, plannedOnce(database));
    await sessions.create(viewer.id, 'plans-token', new Date(Date.now() + 60_000));
    for (let i = 0; i < 8; i++) expect((await sessions.findUser(i % 2 ? 'plans-token' : 'no-such-token'))?.user.username).toBe(i % 2 ? 'seer' : undefined);

    const plans = (like: string) =>
      rowsOf<{ generic: number; custom: number }>(
        plannedOnce(database),
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like ${like}`,
      );
    expect(await plans('%from "files" where ("files"."id" = $1 and%')).toEqual([{ generic: 8, custom: 0 }]);
    expect(await plans('%from "sessions" inner join "users"%')).toEqual([{ generic: 8, custom: 0 }]);
  });
});
