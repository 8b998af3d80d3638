import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileFingerprints, files } from '../../db/schema/index';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { eventually } from '../../../tests/helpers/wait';
import { photo, uploadOk } from '../../../tests/helpers/upload';


function upload(c: TestClient, name: string, bytes: Buffer, opts: { type?: string; isPublic?: boolean; tags?: string } = {}): Promise<{ id: number }> {
  return uploadOk(c, bytes, name, { tags: opts.tags ?? 'photo', ...(opts.isPublic === false ? { isPublic: 'false' } : {}) }, opts.type ?? 'image/jpeg');
}

const ids = (res: { body: { id: number }[] }) => res.body.map((f) => f.id);

// The real models in their worker (AUTOTAG on), as in production.
const t = useTestApp({ AUTOTAG: 'on' });
let owner: TestClient;
let other: TestClient;
let stranger: TestClient;
let visitor: TestClient;
const f: Record<string, number> = {};

async function recognised(wanted: number[]): Promise<void> {
  const done = await eventually(
    async () => (await t.database.db.select({ id: files.id }).from(files).where(and(inArray(files.id, wanted), isNotNull(files.recognizedAt)))).length,
    (n) => n === wanted.length,
    { timeoutMs: 120_000, intervalMs: 200 },
  );
  expect(done).toBe(wanted.length);
}

beforeAll(async () => {
  [owner, other, stranger, visitor] = [t.client(), t.client(), t.client(), t.client()];
  for (const c of [owner, other, stranger]) await signUp(c);
  const cat = await photo('chelsea-cat.jpg');
  const { width = 0, height = 0 } = await sharp(cat).metadata();
  const catCrop = await sharp(cat).extract({ left: 0, top: 0, width: Math.round(width * 0.85), height: Math.round(height * 0.85) }).jpeg().toBuffer();
  f.cat = (await upload(owner, 'cat.jpg', cat, { tags: 'pets' })).id;
  f.catCrop = (await upload(owner, 'cat-crop.jpg', catCrop)).id;
  f.coffee = (await upload(owner, 'coffee.jpg', await photo('coffee-cup.jpg'))).id;
  f.rocket = (await upload(owner, 'rocket.jpg', await photo('rocket-launch.jpg'))).id;
  f.ownersPrivateCat = (await upload(owner, 'private-cat.png', await sharp(cat).resize(300).png().toBuffer(), { type: 'image/png', isPublic: false })).id;
  f.othersPrivateCat = (await upload(other, 'their-cat.webp', await sharp(cat).modulate({ hue: 30 }).webp().toBuffer(), { type: 'image/webp', isPublic: false })).id;
  f.pdf = (await upload(stranger, 'notes.pdf', await samples.pdf(), { type: 'application/pdf', tags: 'pets' })).id;
  await recognised([f.cat, f.catCrop, f.coffee, f.rocket, f.ownersPrivateCat, f.othersPrivateCat]);
}, 240_000);

describe('GET /api/files/:id/similar', () => {
  it('answers the images that look most like this one first, in the feed card shape', async () => {
    const res = await stranger.get(`/api/files/${f.cat}/similar`);
    expect(res.status).toBe(200);
    expect(res.body[0].id).toBe(f.catCrop);
    expect(ids(res)).toEqual(expect.arrayContaining([f.coffee, f.rocket]));
    expect(ids(res)).not.toContain(f.cat);
    expect(res.body[0]).toMatchObject({ name: 'cat-crop.jpg', kind: 'image', isLiked: false, canEdit: false, user: expect.any(Object) });
  });

  it('never shows a private image to anyone but those who may see it, not even as a neighbour', async () => {
    for (const c of [stranger, visitor]) {
      const res = await c.get(`/api/files/${f.cat}/similar?limit=100`);
      expect(res.status).toBe(200);
      expect(ids(res)).not.toContain(f.ownersPrivateCat);
      expect(ids(res)).not.toContain(f.othersPrivateCat);
    }
    // Each owner sees their own private copy, high in the list; never the other's.
    const mine = ids(await owner.get(`/api/files/${f.cat}/similar`));
    expect(mine.slice(0, 2)).toContain(f.ownersPrivateCat);
    expect(mine).not.toContain(f.othersPrivateCat);
    const theirs = ids(await other.get(`/api/files/${f.cat}/similar`));
    expect(theirs.slice(0, 3)).toContain(f.othersPrivateCat);
    expect(theirs).not.toContain(f.ownersPrivateCat);
    // Nor is a private image's own list readable: the same 404 as its detail.
    expect((await stranger.get(`/api/files/${f.ownersPrivateCat}/similar`)).status).toBe(404);
  });

  it("shows a private image to a collaborator of a folder it is in, and still to no one else", async () => {
    const shared = t.client();
    const { id: sharedId } = await signUp(shared);
    const folder = await owner.post('/api/folders', { name: 'Cats, privately', isPublic: false });
    expect(folder.status).toBe(201);
    expect((await owner.post(`/api/folders/${folder.body.id}/files`, { fileId: f.ownersPrivateCat })).status).toBe(200);
    expect((await owner.post(`/api/folders/${folder.body.id}/collaborators`, { userId: sharedId, role: 'VIEWER' })).status).toBe(201);
    expect(ids(await shared.get(`/api/files/${f.cat}/similar`)).slice(0, 3)).toContain(f.ownersPrivateCat);
    expect(ids(await stranger.get(`/api/files/${f.cat}/similar?limit=100`))).not.toContain(f.ownersPrivateCat);
    expect(ids(await visitor.get(`/api/files/${f.cat}/similar?limit=100`))).not.toContain(f.ownersPrivateCat);
  });

  it('leaves a sensitive image out for visitors, as the feed does, and keeps it (blurred) for members', async () => {
    const cat = await photo('chelsea-cat.jpg');
    const { id } = await upload(other, 'cat-again.jpg', await sharp(cat).resize(400).jpeg({ quality: 70 }).toBuffer());
    await recognised([id]);
    // Flagged before anyone has read its card, as recognition flags it.
    await t.database.db.update(files).set({ isNsfw: true }).where(eq(files.id, id));
    const forMember = (await stranger.get(`/api/files/${f.cat}/similar?limit=100`)).body as { id: number; isNsfw: boolean }[];
    expect(forMember.find((c) => c.id === id)).toMatchObject({ isNsfw: true });
    expect(ids(await visitor.get(`/api/files/${f.cat}/similar?limit=100`))).not.toContain(id);
    expect(ids(await visitor.get(`/api/files/${f.cat}/similar?limit=100`))).toContain(f.catCrop);
  });

  it('pages with offset and limit', async () => {
    const whole = ids(await owner.get(`/api/files/${f.cat}/similar?limit=100`));
    const second = ids(await owner.get(`/api/files/${f.cat}/similar?offset=1&limit=2`));
    expect(second).toEqual(whole.slice(1, 3));
    expect((await owner.get(`/api/files/${f.cat}/similar?limit=0`)).status).toBe(400);
    expect((await owner.get(`/api/files/999999/similar`)).status).toBe(404);
  });

  it('drops a deleted image from every neighbour list at once', async () => {
    const crop = (await upload(owner, 'cat-again.jpg', await sharp(await photo('chelsea-cat.jpg')).resize(400).jpeg({ quality: 60 }).toBuffer())).id;
    await recognised([crop]);
    await eventually(async () => ids(await stranger.get(`/api/files/${f.cat}/similar`)), (list) => list.includes(crop));
    expect((await owner.delete(`/api/files/${crop}`)).status).toBe(200);
    expect(ids(await stranger.get(`/api/files/${f.cat}/similar`))).not.toContain(crop);
    expect(ids(await owner.get(`/api/files/${f.catCrop}/similar`))).not.toContain(crop);
  });

  it('falls back to shared tags for a file that is not an image', async () => {
    const res = await visitor.get(`/api/files/${f.pdf}/similar`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([f.cat]);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await visitor.get('/api/docs/json')).body;
    expect(doc.paths['/api/files/{id}/similar'].get).toBeDefined();
    expect(doc.paths['/api/files/{id}/duplicate'].get).toBeDefined();
  });
});

describe('images recognised before fingerprints existed', () => {
  it('are fingerprinted by the fingerprints.missing pass and join the neighbour lists', async () => {
    // As on an instance upgraded from before fingerprints (decision 024): recognised, but no fingerprint and not in the index.
    await t.database.db.delete(fileFingerprints).where(eq(fileFingerprints.fileId, f.coffee));
    t.app.similarIndex.remove(f.coffee);
    expect(ids(await stranger.get(`/api/files/${f.cat}/similar?limit=100`))).not.toContain(f.coffee);
    await t.app.jobs.send('fingerprints.missing', {});
    const list = await eventually(async () => ids(await stranger.get(`/api/files/${f.cat}/similar?limit=100`)), (l) => l.includes(f.coffee), { timeoutMs: 60_000, intervalMs: 200 });
    expect(list).toContain(f.coffee);
    const [row] = await t.database.db.select().from(fileFingerprints).where(eq(fileFingerprints.fileId, f.coffee));
    expect(row.embedding).toHaveLength(256);
  });
});

describe('GET /api/files/:id/duplicate', () => {
  it("names the member's own earlier upload that a new image looks like", async () => {
    const again = (await upload(owner, 'cat-reencoded.webp', await sharp(await photo('chelsea-cat.jpg')).webp({ quality: 40 }).toBuffer(), { type: 'image/webp' })).id;
    const answer = await eventually(async () => (await owner.get(`/api/files/${again}/duplicate`)).body, (b) => !b.pending, { timeoutMs: 60_000, intervalMs: 200 });
    expect([f.cat, f.catCrop, f.ownersPrivateCat]).toContain(answer.duplicateOf.id);
    expect(answer.duplicateOf.name).toMatch(/cat/);
  });

  it('compares only with their own files, and says nothing of a distinct photo', async () => {
    // The other member's cat is a copy of the owner's, but the owner's files are not theirs to compare with.
    expect((await other.get(`/api/files/${f.othersPrivateCat}/duplicate`)).body).toEqual({ pending: false, duplicateOf: null });
    expect((await owner.get(`/api/files/${f.rocket}/duplicate`)).body).toEqual({ pending: false, duplicateOf: null });
  });

  it("answers only the file's owner", async () => {
    expect((await stranger.get(`/api/files/${f.cat}/duplicate`)).status).toBe(403);
    expect((await stranger.get(`/api/files/${f.ownersPrivateCat}/duplicate`)).status).toBe(404);
    expect((await visitor.get(`/api/files/${f.cat}/duplicate`)).status).toBe(401);
  });
});
