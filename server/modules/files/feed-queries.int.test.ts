import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestDatabase } from '../../../tests/helpers/test-db';
import { ALL, createLocalBus } from '../../lib/invalidation-bus';
import { createFileReads } from './reads/file-reads';
import { createReadsRepo } from './reads/reads.repo';
import { plannedOnce } from '../../db/client';

// Feed pages are built skeleton → cards → the viewer's marks: the number of queries must not
// grow with the page size, and a page read again (nothing changed) needs none.
const queries: string[] = [];
const database = useTestDatabase({ logQuery: (q) => queries.push(q) });
beforeAll(async () => {
  await database.db.execute(sql`insert into users (email, username, password_hash) values ('q@example.com', 'q_user', 'x')`);
  await database.db.execute(sql`
    insert into files (user_id, name, original_name, file_type, kind, size, key_base, storage_key, is_public)
    select (select id from users limit 1), 'f' || g, 'f.jpg', 'image/jpeg', 'image', 1, 'k' || g, 'k' || g, g % 3 <> 0 from generate_series(1, 60) g`);
});

const viewer = { id: 1 };

describe('feed queries', () => {
  it('cost the same number of queries for 5, 20 and 40 files, one more past the cached head, and none when warm', async () => {
    const bus = createLocalBus();
    const reads = createFileReads(createReadsRepo(database.db, plannedOnce(database)), bus, { headSize: 30 });
    const page = async (limit: number, before?: number) => {
      await bus.publish('feed', ALL);
      queries.length = 0;
      const ids = (JSON.parse(String(await reads.feedPage(viewer, { offset: 0, limit, before }))) as { id: number }[]).map((c) => c.id);
      return { count: queries.length, ids };
    };
    const small = await page(5);
    const twenty = await page(20);
    const large = await page(40);
    // Past the cached head (the 30 newest of 40 public files reach down to id 16): one more
    // query for the older public ids.
    const deep = await page(20, 12);
    expect(small.ids).toHaveLength(5);
    expect(large.ids).toEqual(Array.from({ length: 40 }, (_, i) => 60 - i));
    expect(twenty.ids).toEqual(Array.from({ length: 20 }, (_, i) => 60 - i));
    expect(deep.ids).toEqual(Array.from({ length: 11 }, (_, i) => 11 - i));
    // The public head, the member's private grants, the members hidden from them (blocks and
    // mutes), the suspended members, the cards and the member's likes.
    expect(new Set([small.count, twenty.count, large.count])).toEqual(new Set([6]));
    expect(deep.count).toBe(7);
    await reads.feedPage(viewer, { offset: 0, limit: 20 });
    queries.length = 0;
    await reads.feedPage(viewer, { offset: 0, limit: 20 });
    expect(queries).toEqual([]);
  });
});
