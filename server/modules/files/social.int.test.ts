import { beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { eq } from 'drizzle-orm';
import { fileViews } from '../../db/schema/index';
import { storedFiles, uploadOk } from '../../../tests/helpers/upload';

// Likes, comments, views, tags and deletion on one file; the feed's pages.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let owner: TestClient;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  [owner, alice, bob] = [t.client(), t.client(), t.client()];
  for (const c of [owner, alice, bob]) await signUp(c);
});

/** A docx: no derivatives and no background tagging, so uploads are quick and tags stay put. */
function upload(c: TestClient = owner, fields: Record<string, string> = {}, bytes: Buffer = samples.ooxml('docx'), name = 'note.docx') {
  return uploadOk(c, bytes, name, fields);
}

describe('likes', () => {
  it('like and unlike are idempotent, with likeCount and isLiked', async () => {
    const file = await upload();
    expect(file).toMatchObject({ likeCount: 0, isLiked: false });
    expect((await alice.post(`/api/files/${file.id}/like`)).body).toEqual({ isLiked: true, likeCount: 1 });
    expect((await alice.post(`/api/files/${file.id}/like`)).body).toEqual({ isLiked: true, likeCount: 1 });
    expect((await bob.post(`/api/files/${file.id}/like`)).body).toEqual({ isLiked: true, likeCount: 2 });
    expect((await alice.get(`/api/files/${file.id}`)).body).toMatchObject({ likeCount: 2, isLiked: true });
    expect((await owner.get(`/api/files/${file.id}`)).body).toMatchObject({ likeCount: 2, isLiked: false });
    expect((await alice.delete(`/api/files/${file.id}/like`)).body).toEqual({ isLiked: false, likeCount: 1 });
    expect((await alice.delete(`/api/files/${file.id}/like`)).body).toEqual({ isLiked: false, likeCount: 1 });
    expect((await alice.get(`/api/files/${file.id}`)).body).toMatchObject({ likeCount: 1, isLiked: false });
    const feed = (await bob.get('/api/files?limit=100')).body.find((f: { id: number }) => f.id === file.id);
    expect(feed).toMatchObject({ likeCount: 1, isLiked: true });
  });

  it('a missing file → 404; a signed-out visitor → 401', async () => {
    expect((await alice.post('/api/files/999999/like')).status).toBe(404);
    const file = await upload();
    expect((await t.client().post(`/api/files/${file.id}/like`)).status).toBe(401);
  });
});

describe('comments', () => {
  it('takes 1–2000 characters and counts them', async () => {
    const file = await upload();
    for (const content of ['', '   \n\t ', 'x'.repeat(2001)]) {
      const res = await alice.post(`/api/files/${file.id}/comments`, { content });
      expect(res.status, JSON.stringify(content.slice(0, 5))).toBe(400);
      expect(res.body.message).toBe(content.length > 2000 ? 'Comments must be 2000 characters or less' : 'Comment cannot be empty');
    }
    expect((await alice.post(`/api/files/${file.id}/comments`, {})).status).toBe(400);
    const one = await alice.post(`/api/files/${file.id}/comments`, { content: '  x  ' });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ content: 'x', user: { username: expect.any(String) } });
    const long = await bob.post(`/api/files/${file.id}/comments`, { content: 'y'.repeat(2000) });
    expect(long.status).toBe(201);
    expect((await owner.get(`/api/files/${file.id}`)).body.commentCount).toBe(2);
    const list = await t.client().get(`/api/files/${file.id}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([one.body.id, long.body.id]);
    expect(list.body[0].user.email).toBeUndefined();
    expect((await t.client().post(`/api/files/${file.id}/comments`, { content: 'hi' })).status).toBe(401);
  });
});

describe('views', () => {
  // Views are written in batches (view-counter.ts); `flush` writes the waiting ones now.
  async function viewCount(fileId: number): Promise<number> {
    await t.app.views.flush();
    return (await owner.get(`/api/files/${fileId}`)).body.viewCount;
  }

  it('count once per viewer per hour; the owner’s and visitors’ views do not count', async () => {
    const file = await upload();
    expect(await viewCount(file.id)).toBe(0);
    expect((await alice.get(`/api/files/${file.id}`)).status).toBe(200);
    expect(await viewCount(file.id)).toBe(1);
    await alice.get(`/api/files/${file.id}`);
    expect(await viewCount(file.id)).toBe(1);
    await bob.get(`/api/files/${file.id}`);
    expect(await viewCount(file.id)).toBe(2);
    await t.client().get(`/api/files/${file.id}`);
    // Fetching the bytes or the card in a list is not a view.
    await alice.get(`/api/files/${file.id}/content`);
    await bob.get('/api/files');
    expect(await viewCount(file.id)).toBe(2);
    const rows = await t.database.db.select().from(fileViews).where(eq(fileViews.fileId, file.id));
    expect(rows).toHaveLength(2);
  });

  it('show on the card within seconds without anyone waiting for a write', async () => {
    const file = await upload();
    expect((await owner.get(`/api/files/${file.id}`)).body.viewCount).toBe(0);
    await alice.get(`/api/files/${file.id}`);
    await expect.poll(async () => (await owner.get(`/api/files/${file.id}`)).body.viewCount, { timeout: 10_000 }).toBe(1);
    await bob.get(`/api/files/${file.id}`);
    // The cached feed card too: a flush lays the new total over it, in every process.
    await expect.poll(async () => (await owner.get('/api/files')).body.find((c: { id: number }) => c.id === file.id)?.viewCount, { timeout: 10_000 }).toBe(2);
  });
});

describe('PATCH /api/files/:id/tags', () => {
  it('the owner sets normalised tags; another member gets 403 and changes nothing', async () => {
    const file = await upload(owner, { tags: 'first' });
    const res = await owner.patch(`/api/files/${file.id}/tags`, { tags: [' Sea ', 'SEA', 'Blue  Sky', 'sea'] });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual(['sea', 'blue sky']);
    const denied = await alice.patch(`/api/files/${file.id}/tags`, { tags: ['mine'] });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: 'Only the owner can change this file' });
    expect((await t.client().patch(`/api/files/${file.id}/tags`, { tags: ['x'] })).status).toBe(401);
    expect((await alice.get(`/api/files/${file.id}`)).body.tags).toEqual(['sea', 'blue sky']);
  });

  it('refuses 21 tags or a 41-character tag with 400; an empty list clears them', async () => {
    const file = await upload(owner, { tags: 'keep' });
    const many = await owner.patch(`/api/files/${file.id}/tags`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('A file can have at most 20 tags');
    const long = await owner.patch(`/api/files/${file.id}/tags`, { tags: ['x'.repeat(41)] });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Each tag must be 40 characters or less');
    expect((await owner.get(`/api/files/${file.id}`)).body.tags).toEqual(['keep']);
    expect((await owner.patch(`/api/files/${file.id}/tags`, { tags: [] })).body.tags).toEqual([]);
  });
});

describe('DELETE /api/files/:id', () => {
  it('the owner removes the row and every stored object; others get 403', async () => {
    const file = await upload(owner, {}, await samples.jpegWithExifAndGps(), 'photo.jpg');
    const keyBase = /[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}/.exec(file.filePath)![0];
    const stored = async () =>
      (await storedFiles(t.config.uploadsDir)).filter((k) => k.includes(keyBase));
    expect(await stored()).toHaveLength(4);
    expect((await alice.delete(`/api/files/${file.id}`)).status).toBe(403);
    expect(await stored()).toHaveLength(4);
    const res = await owner.delete(`/api/files/${file.id}`);
    expect(res.status).toBe(200);
    expect(await stored()).toEqual([]);
    expect((await owner.get(`/api/files/${file.id}`)).status).toBe(404);
    expect((await owner.get(file.thumbnailPath)).status).toBe(404);
    expect((await owner.delete(`/api/files/${file.id}`)).status).toBe(404);
  });
});

describe('GET /api/files (the feed)', () => {
  it('pages newest first; offset and `before` give the same pages', async () => {
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push((await upload(owner)).id);
    const hidden = await upload(alice, { isPublic: 'false' });
    for (let i = 0; i < 3; i++) mine.push((await upload(bob)).id);

    const all = (await owner.get('/api/files?limit=100')).body.map((f: { id: number }) => f.id);
    expect(all).not.toContain(hidden.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(all.slice(0, 8)).toEqual([...mine].reverse());

    const limit = 3;
    let before: number | undefined;
    const seen: number[] = [];
    for (let offset = 0; offset < all.length + limit; offset += limit) {
      const byOffset = await owner.get(`/api/files?offset=${offset}&limit=${limit}`);
      const byBefore = await owner.get(`/api/files?offset=${offset}&limit=${limit}${before ? `&before=${before}` : ''}`);
      expect(byOffset.status).toBe(200);
      const ids = byOffset.body.map((f: { id: number }) => f.id);
      expect(byBefore.body.map((f: { id: number }) => f.id)).toEqual(ids);
      expect(ids).toEqual(all.slice(offset, offset + limit));
      seen.push(...ids);
      before = ids.at(-1);
    }
    expect(seen).toEqual(all);
  });

  it('defaults to 20, refuses a limit over 100, and is 401 when signed out', async () => {
    while ((await owner.get('/api/files?limit=100')).body.length < 21) await upload(owner);
    expect((await owner.get('/api/files')).body).toHaveLength(20);
    expect((await owner.get('/api/files?limit=101')).status).toBe(400);
    expect((await owner.get('/api/files?offset=-1')).status).toBe(400);
    const res = await t.client().get('/api/files');
    expect(res.status).toBe(401);
    expect(res.body).toHaveProperty('message');
  });
});
