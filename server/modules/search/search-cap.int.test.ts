import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type SearchCountResponse, type SearchResultItem } from '../../../contract/search';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { seedFile, seedMany } from '../../../tests/helpers/search-seed';

// A word in more files than SEARCH_COUNT_CAP: the count stops at the cap and says so, and the
// list by relevance still pages through every match, newest first (docs/decisions/011-search.md,
// "Common words"). Private files stay out of both, capped or not. The orders an index
// holds (most liked and most viewed in the counters' own table, alphabetical) read it while
// matches are dense and sort them past that (the same decision, "Index orders"): paging
// through every match takes both ways.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let alice: TestClient;
let aliceId: number;
let bobId: number;
/** Every file alice may see that holds "meadow", newest first. */
let visibleMeadows: number[];
let bobsPrivateMeadows: number[];

beforeAll(async () => {
  alice = t.client();
  aliceId = (await signUp(alice, { username: 'amelia' })).id;
  bobId = (await signUp(t.client(), { username: 'bertrand' })).id;
  const db = t.database.db;
  const bobsPublic = await seedMany(db, bobId, SEARCH_COUNT_CAP + 10, { name: 'Meadow', tag: 'meadow', isPublic: true });
  bobsPrivateMeadows = await seedMany(db, bobId, 5, { name: 'Meadow hidden', tag: 'meadow', isPublic: false });
  const alicesOwn = await seedFile(db, aliceId, { name: 'My meadow', tags: ['meadow'], isPublic: false });
  // Exactly the cap: counted exactly, and ranked (the best match is the oldest, so only ranking puts it first).
  await seedFile(db, bobId, { name: 'Clover clover clover', tags: ['clover'] });
  await seedMany(db, bobId, SEARCH_COUNT_CAP - 1, { name: 'Clover', tag: 'clover', isPublic: true });
  visibleMeadows = [...bobsPublic, alicesOwn].sort((a, b) => b - a);
});

async function count(params: Record<string, string>): Promise<SearchCountResponse> {
  const res = await alice.get(`/api/files/search/count?${new URLSearchParams(params)}`);
  expect(res.status, res.text).toBe(200);
  return res.body as SearchCountResponse;
}

async function allPages(params: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await alice.get(`/api/files/search?${new URLSearchParams({ ...params, offset: String(offset), limit: '100' })}`);
    expect(res.status, res.text).toBe(200);
    const page = res.body as SearchResultItem[];
    ids.push(...page.map((i) => i.data.id));
    if (page.length < 100) return ids;
  }
}

describe('a word in more files than the cap', () => {
  it('is counted up to the cap and answers capped', async () => {
    expect(await count({ q: 'meadow' })).toEqual({ count: SEARCH_COUNT_CAP, users: 0, folders: 0, files: SEARCH_COUNT_CAP, capped: true });
    expect(await count({ tag: 'meadow' })).toMatchObject({ files: SEARCH_COUNT_CAP, capped: true });
    expect(await count({ q: 'meado', resultType: 'files' })).toMatchObject({ files: SEARCH_COUNT_CAP, capped: true });
  });

  it('is listed in full, newest first, with no private file of another member', async () => {
    const listed = await allPages({ q: 'meadow', resultType: 'files' });
    expect(listed.length).toBe(visibleMeadows.length);
    expect(listed).toEqual(visibleMeadows);
    for (const id of bobsPrivateMeadows) expect(listed).not.toContain(id);
  });

  it('still honours an explicit order', async () => {
    const oldest = await allPages({ q: 'meadow', resultType: 'files', sortBy: 'oldest' });
    expect(oldest).toEqual([...visibleMeadows].reverse());
    // The walk in the name index against a plain sort of the same files by the database's collation.
    const sorted = (await t.database.db.execute(sql`select id from files where id in ${visibleMeadows} order by lower(name), id`)) as unknown as { rows: { id: number }[] };
    const alphabetical = await allPages({ q: 'meadow', resultType: 'files', sortBy: 'alphabetical' });
    expect(alphabetical).toEqual(sorted.rows.map((r) => r.id));
    // The explore feed over everything alice sees (public files and her own).
    const first = (await t.database.db.execute(sql`select id from files where is_public or user_id = ${aliceId} order by lower(name), id limit 3`)) as unknown as { rows: { id: number }[] };
    const explore = await alice.get('/api/files/random?sortBy=alphabetical&limit=3');
    expect((explore.body as { id: number }[]).map((f) => f.id)).toEqual(first.rows.map((r) => r.id));
  });
});

describe('a word in no more files than the cap', () => {
  it('is counted exactly, without capped', async () => {
    const clover = await count({ q: 'clover' });
    expect(clover).toEqual({ count: SEARCH_COUNT_CAP, users: 0, folders: 0, files: SEARCH_COUNT_CAP });
  });

  it('is ranked: the best match comes first', async () => {
    const res = await alice.get(`/api/files/search?${new URLSearchParams({ q: 'clover', resultType: 'files', limit: '5' })}`);
    expect((res.body as SearchResultItem[])[0].data).toMatchObject({ name: 'Clover clover clover' });
  });
});

describe('most liked and most viewed first', () => {
  /** `picked` first, in that order, then every other id newest first. */
  const ahead = (all: number[], picked: number[]) => [...picked, ...all.filter((id) => !picked.includes(id))];

  it('lists every match in counter order, past the cap and within it, as likes come and go', async () => {
    const carol = t.client();
    await signUp(carol, { username: 'carolina' });
    const [a, b, c] = [visibleMeadows[500], visibleMeadows[20], visibleMeadows[900]];
    for (const [client, id] of [[alice, a], [carol, a], [alice, b], [carol, c]] as const) expect((await client.post(`/api/files/${id}/like`)).status).toBe(200);
    // Two likes, then two files with one like each (the newer first), then the rest newest first.
    expect(await allPages({ q: 'meadow', resultType: 'files', sortBy: 'most_liked' })).toEqual(ahead(visibleMeadows, [a, b, c]));

    expect((await carol.delete(`/api/files/${a}/like`)).status).toBe(200);
    expect((await alice.post(`/api/files/${c}/like`)).status).toBe(200);
    const firstPage = await alice.get(`/api/files/search?${new URLSearchParams({ q: 'meadow', resultType: 'files', sortBy: 'most_liked', limit: '4' })}`);
    expect((firstPage.body as SearchResultItem[]).map((i) => i.data.id)).toEqual([c, b, a, visibleMeadows[0]]);
    // The explore feed's most liked first reads the same counters over everything alice may see.
    const explore = await alice.get('/api/files/random?sortBy=most_liked&limit=3');
    expect((explore.body as { id: number }[]).map((f) => f.id)).toEqual([c, b, a]);

    const clovers = await allPages({ q: 'clover', resultType: 'files', sortBy: 'most_liked' });
    expect(clovers.length).toBe(SEARCH_COUNT_CAP);
    expect((await alice.post(`/api/files/${clovers[700]}/like`)).status).toBe(200);
    expect((await allPages({ q: 'clover', resultType: 'files', sortBy: 'most_liked' }))[0]).toBe(clovers[700]);
  });

  it('never lists another member\'s private file, however often it was viewed', async () => {
    const db = t.database.db;
    const [viewed, hidden] = [visibleMeadows[300], bobsPrivateMeadows[0]];
    await db.execute(sql`update files set view_count = case id when ${viewed} then 50 else 900 end where id in (${viewed}, ${hidden})`);
    const listed = await allPages({ q: 'meadow', resultType: 'files', sortBy: 'most_viewed' });
    expect(listed).toEqual(ahead(visibleMeadows, [viewed]));
    expect(listed).not.toContain(hidden);
    const explore = await alice.get('/api/files/random?sortBy=most_viewed&limit=50');
    const explored = (explore.body as { id: number }[]).map((f) => f.id);
    expect(explored[0]).toBe(viewed);
    expect(explored).not.toContain(hidden);
  });

  it('keeps the counter copy equal to every file, through uploads, likes, views and deletions', async () => {
    const db = t.database.db;
    const gone = await seedFile(db, aliceId, { name: 'Thistle', tags: ['thistle'] });
    expect((await alice.post(`/api/files/${gone}/like`)).status).toBe(200);
    expect((await alice.delete(`/api/files/${gone}`)).status).toBe(200);
    const drift = (await db.execute(sql`select count(*)::int as n from files f full join file_counts c on c.file_id = f.id
      where c.file_id is null or f.id is null or c.like_count <> f.like_count or c.view_count <> f.view_count`)) as unknown as { rows: { n: number }[] };
    expect(drift.rows[0].n).toBe(0);
    const kept = (await db.execute(sql`select count(*)::int as n from file_counts where file_id = ${gone}`)) as unknown as { rows: { n: number }[] };
    expect(kept.rows[0].n).toBe(0);
  });
});

describe('the session', () => {
  it('runs without JIT, whose compiling cost a large count most of its time', async () => {
    const result = (await t.database.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(result.rows[0].jit).toBe('off');
  });
});
