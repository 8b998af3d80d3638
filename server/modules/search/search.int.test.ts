import { beforeAll, describe, expect, it } from 'vitest';
import { searchResults, type SearchResultItem } from '../../../contract/search';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { seedFile, seedFolder } from '../../../tests/helpers/search-seed';

// Search finds what members type (any word, the start of a word, a typo) and never shows or
// counts what the searcher may not see (decisions 011 and 006).

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let alice: TestClient;
let bob: TestClient;
let aliceId: number;
let bobId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  alice = t.client();
  bob = t.client();
  aliceId = (await signUp(alice, { username: 'penelope', firstName: 'Penny', lastName: 'Lane' })).id;
  bobId = (await signUp(bob, { username: 'bartholomew', firstName: 'Bart', lastName: 'Quill' })).id;
  const db = t.database.db;
  ids.sunset = await seedFile(db, aliceId, { name: 'Golden sunset over hills', description: 'Taken near the lighthouse', tags: ['landscape'], likeCount: 5, viewCount: 1 });
  ids.quokka = await seedFile(db, aliceId, { name: 'Small animal', description: 'A smiling quokka on an island', tags: ['wildlife'] });
  ids.cat = await seedFile(db, aliceId, { name: 'Sleepy', tags: ['cat', 'black cat'] });
  ids.hillside = await seedFile(db, aliceId, { name: 'Panorama hillside', tags: [] });
  ids.quetzal = await seedFile(db, aliceId, { name: 'Quetzal feather', tags: [] });
  ids.orchidA = await seedFile(db, aliceId, { name: 'Orchid bloom', kind: 'image', likeCount: 1, viewCount: 30 });
  ids.orchidB = await seedFile(db, bobId, { name: 'alpha orchid clip', kind: 'video', likeCount: 9, viewCount: 2 });
  ids.orchidC = await seedFile(db, bobId, { name: 'Zen orchid sound', kind: 'audio', likeCount: 3, viewCount: 50 });
  ids.orchidD = await seedFile(db, bobId, { name: 'Orchid care guide', kind: 'pdf', likeCount: 0, viewCount: 0 });
  ids.orchidE = await seedFile(db, bobId, { name: 'Orchid price list', kind: 'document', likeCount: 2, viewCount: 5 });
  ids.secret = await seedFile(db, bobId, { name: 'Orchid secret plan', description: 'quokka lighthouse', tags: ['cat'], isPublic: false });
  ids.publicFolder = await seedFolder(db, bobId, { name: 'Orchid collection', description: 'All my flowers' });
  ids.privateFolder = await seedFolder(db, bobId, { name: 'Orchid vault', isPublic: false });
});

async function search(c: TestClient, params: Record<string, string>) {
  const res = await c.get(`/api/files/search?${new URLSearchParams(params)}`);
  expect(res.status, res.text).toBe(200);
  // Answers are joined from bytes, not serialized through the schema per request: every one
  // the tests see must be exactly what the contract allows (no field missing, none extra).
  expect(res.body).toEqual(searchResults.parse(res.body));
  return res.body as SearchResultItem[];
}

async function fileIds(c: TestClient, params: Record<string, string>) {
  return (await search(c, { resultType: 'files', ...params })).map((i) => i.data.id);
}

async function count(c: TestClient, params: Record<string, string>) {
  const res = await c.get(`/api/files/search/count?${new URLSearchParams(params)}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { count: number; users: number; folders: number; files: number };
}

describe('matching', () => {
  it('finds a file by a word of its name, description or tag, stemmed', async () => {
    expect(await fileIds(alice, { q: 'sunset' })).toEqual([ids.sunset]);
    expect(await fileIds(alice, { q: 'quokka' })).toEqual([ids.quokka]);
    expect(await fileIds(alice, { q: 'landscape' })).toEqual([ids.sunset]);
    expect(await fileIds(alice, { q: 'cats' })).toEqual([ids.cat]);
    expect(await fileIds(alice, { q: 'Golden SUNSETS' })).toEqual([ids.sunset]);
  });

  it('finds by the first letters of the word being typed', async () => {
    expect(await fileIds(alice, { q: 'sun' })).toEqual([ids.sunset]);
    expect(await fileIds(alice, { q: 'golden sun' })).toEqual([ids.sunset]);
    expect(await fileIds(alice, { q: 'lightho' })).toEqual([ids.sunset]);
    expect(await fileIds(alice, { q: 'wildl' })).toEqual([ids.quokka]);
  });

  it('forgives a typo in a file name and a member one letter off', async () => {
    expect(await fileIds(alice, { q: 'hilside' })).toContain(ids.hillside);
    // Word similarity 0.5: found only through the session's 0.45 threshold (server/db/session-settings.ts).
    expect(await fileIds(alice, { q: 'quetxal' })).toEqual([ids.quetzal]);
    expect((await count(alice, { q: 'quetxal', resultType: 'files' })).files).toBe(1);
    const users = (await search(alice, { q: 'penelape', resultType: 'users' })).map((i) => i.data.id);
    expect(users).toEqual([aliceId]);
    expect((await search(alice, { q: 'bartholomev', resultType: 'users' })).map((i) => i.data.id)).toEqual([bobId]);
    expect((await search(alice, { q: 'quill', resultType: 'users' })).map((i) => i.data.id)).toEqual([bobId]);
  });

  it('forgives two neighbouring letters swapped, the commonest typo on a phone', async () => {
    const db = t.database.db;
    const apple = await seedFile(db, aliceId, { name: 'Green apple' });
    const scan = await seedFile(db, aliceId, { name: 'Signed document', kind: 'document' });
    // Closest first ("alpha orchid clip" is near a swapped spelling too, and may follow).
    expect((await fileIds(alice, { q: 'aplpe' }))[0]).toBe(apple);
    expect(await fileIds(alice, { q: 'documnet' })).toEqual([scan]);
    expect((await count(alice, { q: 'documnet', resultType: 'files' })).files).toBe(1);
    // Nothing near: a swap is one edit, not a licence to match anything.
    expect(await fileIds(alice, { q: 'zqxjw' })).toEqual([]);
  });

  it('ranks the name above tags above the description', async () => {
    const db = t.database.db;
    const inDescription = await seedFile(db, aliceId, { name: 'Plain', description: 'a marmot here' });
    const inTags = await seedFile(db, aliceId, { name: 'Plain too', tags: ['marmot'] });
    const inName = await seedFile(db, aliceId, { name: 'Marmot' });
    expect(await fileIds(alice, { q: 'marmot' })).toEqual([inName, inTags, inDescription]);
  });

  it('reads syntax characters as text, never as query syntax', async () => {
    for (const q of ["orchid & | ! :* '", "'); drop table files; --", '%_\\', '!!!', 'a:*b']) {
      const res = await alice.get(`/api/files/search?${new URLSearchParams({ q })}`);
      expect(res.status, q).toBe(200);
      expect((await alice.get(`/api/files/search/count?${new URLSearchParams({ q })}`)).status, q).toBe(200);
    }
    expect(await fileIds(alice, { q: '!!!' })).toEqual([]);
    expect((await alice.get('/api/files/search?q=%20%20')).status).toBe(400);
    expect((await t.client().get('/api/files/search?q=orchid')).status).toBe(401);
  });

  it('searches an exact tag for a tag chip', async () => {
    expect(await fileIds(alice, { tag: 'black cat' })).toEqual([ids.cat]);
    expect(await fileIds(alice, { tag: 'Cat' })).toEqual([ids.cat]);
    expect(await fileIds(alice, { tag: 'black' })).toEqual([]);
    expect((await search(alice, { tag: 'cat' })).every((i) => i.type === 'file')).toBe(true);
    expect(await count(alice, { tag: 'cat' })).toEqual({ count: 1, users: 0, folders: 0, files: 1 });
  });
});

describe('orders and filters', () => {
  const orchids = () => [ids.orchidA, ids.orchidB, ids.orchidC, ids.orchidD, ids.orchidE];

  it('sorts by each order', async () => {
    const [a, b, c, d, e] = orchids();
    expect(await fileIds(alice, { q: 'orchid', sortBy: 'newest' })).toEqual([e, d, c, b, a]);
    expect(await fileIds(alice, { q: 'orchid', sortBy: 'oldest' })).toEqual([a, b, c, d, e]);
    expect(await fileIds(alice, { q: 'orchid', sortBy: 'most_liked' })).toEqual([b, c, e, a, d]);
    expect(await fileIds(alice, { q: 'orchid', sortBy: 'most_viewed' })).toEqual([c, a, e, b, d]);
    expect(await fileIds(alice, { q: 'orchid', sortBy: 'alphabetical' })).toEqual([b, a, d, e, c]);
    expect((await fileIds(alice, { q: 'orchid', sortBy: 'relevance' })).sort()).toEqual(orchids().sort());
  });

  it('filters by media type, in the list and the count alike', async () => {
    const [a, b, c, d, e] = orchids();
    const cases: [string, number[]][] = [['image', [a]], ['video', [b]], ['audio', [c]], ['document', [e, d]], ['all', [e, d, c, b, a]]];
    for (const [type, expected] of cases) {
      expect(await fileIds(alice, { q: 'orchid', sortBy: 'newest', fileType: type }), type).toEqual(expected);
      expect((await count(alice, { q: 'orchid', resultType: 'files', mediaType: type })).count, type).toBe(expected.length);
    }
  });

  it('filters by result type and groups users, folders, files in that order', async () => {
    const all = await search(alice, { q: 'orchid', sortBy: 'newest' });
    expect(all.map((i) => i.type)).toEqual(['folder', 'file', 'file', 'file', 'file', 'file']);
    expect(all[0].data.id).toBe(ids.publicFolder);
    expect((await search(alice, { q: 'orchid', resultType: 'folders' })).map((i) => i.data.id)).toEqual([ids.publicFolder]);
    expect(await search(alice, { q: 'orchid', resultType: 'users' })).toEqual([]);
    const mixed = await search(alice, { q: 'penelope' });
    expect(mixed.map((i) => i.type)).toEqual(['user']);
    expect(mixed[0].data).not.toHaveProperty('email');
  });

  it('counts exactly what the list pages through', async () => {
    for (const resultType of ['all', 'files', 'folders', 'users']) {
      const total = await count(alice, { q: 'orchid', resultType });
      const seen: string[] = [];
      for (let offset = 0; offset < 20; offset += 2) {
        const page = await search(alice, { q: 'orchid', resultType, offset: String(offset), limit: '2', sortBy: 'newest' });
        seen.push(...page.map((i) => `${i.type}:${i.data.id}`));
        if (page.length < 2) break;
      }
      expect(new Set(seen).size, resultType).toBe(seen.length);
      expect(seen.length, resultType).toBe(total.count);
    }
  });
});

describe('privacy', () => {
  it("never returns or counts another member's private file or folder", async () => {
    for (const q of ['orchid', 'secret', 'sercet', 'quokka', 'lighthouse', 'orchid vault', 'vau']) {
      const items = await search(alice, { q });
      expect(items.map((i) => `${i.type}:${i.data.id}`), q).not.toContain(`file:${ids.secret}`);
      expect(items.map((i) => `${i.type}:${i.data.id}`), q).not.toContain(`folder:${ids.privateFolder}`);
      expect(JSON.stringify(items), q).not.toMatch(/secret plan|Orchid vault/);
    }
    expect(await count(alice, { q: 'orchid' })).toEqual({ count: 6, users: 0, folders: 1, files: 5 });
    expect(await count(alice, { q: 'secret' })).toMatchObject({ files: 0, folders: 0 });
    expect(await count(alice, { tag: 'cat' })).toMatchObject({ files: 1 });
    // Its owner finds both.
    expect(await count(bob, { q: 'orchid' })).toEqual({ count: 8, users: 0, folders: 2, files: 6 });
    expect(await fileIds(bob, { q: 'secret' })).toEqual([ids.secret]);
    // By spelling too (a typo): found by its owner only.
    expect(await fileIds(bob, { q: 'sercet' })).toEqual([ids.secret]);
  });

  it("leaves a member's private files out of their profile for others", async () => {
    const other = await alice.get(`/api/users/${bobId}`);
    expect(other.body).toMatchObject({ fileCount: 4, folderCount: 1 });
    expect((await bob.get(`/api/users/${bobId}`)).body).toMatchObject({ fileCount: 5, folderCount: 2 });
    expect((await alice.get(`/api/users/${bobId}/files/count`)).body).toEqual({ count: 4 });
    const listed = (await alice.get(`/api/users/${bobId}/files?limit=100`)).body.map((f: { id: number }) => f.id);
    expect(listed).toEqual([ids.orchidE, ids.orchidD, ids.orchidC, ids.orchidB]);
    const searched = (await bob.get(`/api/users/${bobId}/files?search=secr&limit=100`)).body.map((f: { id: number }) => f.id);
    expect(searched).toEqual([ids.secret]);
    expect((await alice.get(`/api/users/${bobId}/files?search=secr`)).body).toEqual([]);
  });

  it('finds members by the first letter or two of a name word, usernames that start with them first', async () => {
    const members = async (q: string) => (await search(alice, { q, resultType: 'users' })).map((i) => i.data.id);
    expect(await members('p')).toEqual([aliceId]); // penelope, Penny
    expect(await members('q')).toEqual([bobId]); // Quill
    expect(await members('LA')).toEqual([aliceId]); // Lane
    // Not the start of any word: "en" is inside penelope and Penny only.
    expect(await members('en')).toEqual([]);
    expect((await count(alice, { q: 'en', resultType: 'users' })).users).toBe(0);
    const carol = t.client();
    const carolId = (await signUp(carol, { username: 'quentin', firstName: 'Carol', lastName: 'Brook' })).id;
    // quentin's username starts with "q", Bart's last name does.
    expect(await members('q')).toEqual([carolId, bobId]);
    expect((await count(alice, { q: 'q', resultType: 'users' })).users).toBe(2);
    expect((await alice.get('/api/users/search/qu')).body.map((u: { id: number }) => u.id)).toEqual([carolId, bobId]);
  });

  it('answers the member picker by part of a name or a typo', async () => {
    expect((await alice.get('/api/users/search/bart')).body.map((u: { id: number }) => u.id)).toEqual([bobId]);
    expect((await bob.get('/api/users/search/penelopa')).body.map((u: { id: number }) => u.id)).toEqual([aliceId]);
  });
});
