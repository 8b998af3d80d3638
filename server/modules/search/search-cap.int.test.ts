import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type SearchCountResponse, type SearchResultItem } from '../../../contract/search';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { seedFile, seedMany } from '../../../tests/helpers/search-seed';

// A word in more files than SEARCH_COUNT_CAP: the count stops at the cap and says so, and the
// list by relevance still pages through every match, newest first (docs/decisions/011-search.md,
// "Common words"). Private files stay out of both, capped or not.

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

describe('the session', () => {
  it('runs without JIT, whose compiling cost a large count most of its time', async () => {
    const result = (await t.database.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(result.rows[0].jit).toBe('off');
  });
});
