import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/helpers/test-db';
import { rowsOf } from './rows';
import { createViewsRepo } from '../modules/files/views.repo';

// Files, members and folders keep room on their pages (migration 0021_room_on_the_page.sql): a
// row rewritten for a counter or a date keeps its page, so no index of the table is written.
// One row in ten is rewritten, as writes spread over a large library touch them.
describe('room on the page', () => {
  const database = useTestDatabase();
  const pageOf = sql`(ctid::text::point)[0]::int`;

  async function pages(table: SQL, where: SQL) {
    return rowsOf<{ id: number; page: number }>(database.db, sql`select id, ${pageOf} as page from ${table} where ${where} order by id`);
  }

  async function expectSamePages(table: SQL, where: SQL, rewrite: (ids: number[]) => Promise<unknown>) {
    const before = await pages(table, where);
    expect(new Set(before.map((r) => r.page)).size).toBeGreaterThan(4);
    const rewritten = before.filter((_, i) => i % 10 === 0);
    await rewrite(rewritten.map((r) => r.id));
    const after = new Map((await pages(table, where)).map((r) => [r.id, r.page]));
    expect(rewritten.map((r) => [r.id, after.get(r.id)])).toEqual(rewritten.map((r) => [r.id, r.page]));
  }

  async function member(name: string): Promise<number> {
    const [row] = await rowsOf<{ id: number }>(database.db, sql`insert into users (email, username, password_hash) values (${`${name}@example.com`}, ${name}, 'x') returning id`);
    return row.id;
  }

  it('keeps a file whose views were counted on its page', async () => {
    const owner = await member('room');
    await database.db.execute(sql`insert into files (user_id, name, description, original_name, file_type, kind, size, key_base, storage_key)
      select ${owner}, 'sunset over the harbour ' || g, 'an evening walk along the water with friends, number ' || g, 'p.jpg', 'image/jpeg', 'image', 1, 'room/' || g, 'room/' || g || '.jpg'
      from generate_series(1, 400) g`);
    const hour = new Date('2026-12-07T10:00:00Z');
    await expectSamePages(sql`files`, sql`key_base like 'room/%'`, async (ids) => {
      const totals = await database.db.transaction((tx) => createViewsRepo().countViews(tx, ids.map((fileId) => ({ fileId, userId: owner, hour }))));
      expect(totals.map((t) => t.total)).toEqual(ids.map(() => 1));
    });
  });

  it('keeps a member whose followers changed, and a folder given a file, on their pages', async () => {
    await database.db.execute(sql`insert into users (email, username, password_hash, first_name, last_name)
      select 'roomy' || g || '@example.com', 'roomy' || g, 'x', 'Harbour walker', 'Number ' || g from generate_series(1, 400) g`);
    await expectSamePages(sql`users`, sql`username like 'roomy%'`, (ids) =>
      database.db.execute(sql`update users set followers_count = followers_count + 1 where id = any(${`{${ids.join(',')}}`}::int[])`),
    );

    const owner = await member('shelves');
    await database.db.execute(sql`insert into folders (user_id, name, description) select ${owner}, 'Harbour evenings ' || g, 'walks along the water, shelf ' || g from generate_series(1, 400) g`);
    await expectSamePages(sql`folders`, sql`user_id = ${owner}`, (ids) =>
      database.db.execute(sql`update folders set updated_at = now() where id = any(${`{${ids.join(',')}}`}::int[])`),
    );
  });
});
