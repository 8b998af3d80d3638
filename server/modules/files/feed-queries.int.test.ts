import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../tests/helpers/test-db';
import { createFilesRepo } from './files.repo';
import { visibleFilesSql } from '../../access/visibility';

// The feed is built skeleton → hydrate: its query count must not grow with the page size.
let database: Database;
const queries: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase({ logQuery: (q) => queries.push(q) });
  await database.db.execute(sql`insert into users (email, username, password_hash) values ('q@example.com', 'q_user', 'x')`);
  await database.db.execute(sql`
    insert into files (user_id, name, original_name, file_type, kind, size, key_base, storage_key)
    select (select id from users limit 1), 'f' || g, 'f.jpg', 'image/jpeg', 'image', 1, 'k' || g, 'k' || g from generate_series(1, 60) g`);
});
afterAll(async () => {
  await database?.close();
});

async function queriesForPage(limit: number, before?: number): Promise<{ count: number; ids: number[] }> {
  const repo = createFilesRepo(database.db);
  queries.length = 0;
  const ids = await repo.feedIds(visibleFilesSql({ id: 1 }), { offset: 0, limit, before });
  const hydrated = await repo.hydrate(ids, 1);
  return { count: queries.length, ids: hydrated.map((h) => h.file.id) };
}

describe('feed queries', () => {
  it('costs the same number of queries for 5, 20 and 50 files, and for a deep page', async () => {
    const small = await queriesForPage(5);
    const page = await queriesForPage(20);
    const large = await queriesForPage(50);
    const deep = await queriesForPage(20, 30);
    expect(small.ids).toHaveLength(5);
    expect(large.ids).toHaveLength(50);
    expect(deep.ids[0]).toBe(29);
    expect(new Set([small.count, page.count, large.count, deep.count]).size).toBe(1);
    expect(page.count).toBe(2);
  });
});
