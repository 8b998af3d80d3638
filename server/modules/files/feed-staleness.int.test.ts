import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { files } from '../../db/schema/index';
import { ALL, createLocalBus } from '../../lib/invalidation-bus';
import { uploadOk } from '../../../tests/helpers/upload';

// Feed pages, file details and comments are cached (reads/file-reads.ts). Each rule a member would notice if a page were stale
// is checked the same way: warm the cache with a read, write, read again at once.
const bus = createLocalBus();
const t = useTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { bus });
let owner: TestClient;
let viewer: TestClient;
let ownerId: number;

beforeAll(async () => {
  [owner, viewer] = [t.client(), t.client()];
  ownerId = (await signUp(owner)).id;
  await signUp(viewer);
});

/** A docx: no derivatives and no background tagging, so nothing else writes meanwhile. */
function upload(c: TestClient, isPublic = true, folderId?: number): Promise<{ id: number }> {
  return uploadOk(c, samples.ooxml('docx'), 'note.docx', { isPublic: String(isPublic), ...(folderId ? { folderId: String(folderId) } : {}) });
}

type Card = { id: number; isLiked: boolean; likeCount: number; tags: string[] };
async function feed(c: TestClient): Promise<Card[]> {
  const res = await c.get('/api/files?offset=0&limit=20');
  expect(res.status).toBe(200);
  return res.body;
}
async function visitorFeed(): Promise<Card[]> {
  return (await t.client().get('/api/files/random?sortBy=newest&limit=20')).body;
}
const ids = (cards: Card[]) => cards.map((c) => c.id);

describe('cached feed pages', () => {
  it('really are cached: a write that bypasses the app is not seen until it is announced', async () => {
    const file = await upload(owner);
    expect(ids(await feed(viewer))).toContain(file.id);
    await t.database.db.update(files).set({ tags: ['sneaky'] }).where(eq(files.id, file.id));
    expect((await feed(viewer)).find((c) => c.id === file.id)!.tags).not.toContain('sneaky');
    bus.publish('feed', ALL);
    expect((await feed(viewer)).find((c) => c.id === file.id)!.tags).toContain('sneaky');
  });

  it("show the owner's own upload at once, private ones included, and public ones to others", async () => {
    await feed(owner);
    await feed(viewer);
    const mine = await upload(owner, false);
    const shared = await upload(owner, true);
    expect(ids(await feed(owner))).toEqual(expect.arrayContaining([mine.id, shared.id]));
    const seen = ids(await feed(viewer));
    expect(seen).toContain(shared.id);
    expect(seen).not.toContain(mine.id);
  });

  it('show a like at once to the liker (isLiked and likeCount) and its count to others', async () => {
    const file = await upload(owner);
    expect((await feed(viewer)).find((c) => c.id === file.id)).toMatchObject({ isLiked: false, likeCount: 0 });
    await feed(owner);
    expect((await viewer.post(`/api/files/${file.id}/like`)).status).toBe(200);
    expect((await feed(viewer)).find((c) => c.id === file.id)).toMatchObject({ isLiked: true, likeCount: 1 });
    expect((await feed(owner)).find((c) => c.id === file.id)).toMatchObject({ isLiked: false, likeCount: 1 });
    expect((await viewer.delete(`/api/files/${file.id}/like`)).status).toBe(200);
    expect((await feed(viewer)).find((c) => c.id === file.id)).toMatchObject({ isLiked: false, likeCount: 0 });
  });

  it('drop a deleted file from every cached page at once, the visitors’ random feed included', async () => {
    const file = await upload(owner);
    expect(ids(await feed(viewer))).toContain(file.id);
    expect(ids(await visitorFeed())).toContain(file.id);
    expect((await owner.delete(`/api/files/${file.id}`)).status).toBe(200);
    expect(ids(await feed(viewer))).not.toContain(file.id);
    expect(ids(await feed(owner))).not.toContain(file.id);
    expect(ids(await visitorFeed())).not.toContain(file.id);
  });

  it('show a tag edit at once', async () => {
    const file = await upload(owner);
    await feed(viewer);
    expect((await owner.patch(`/api/files/${file.id}/tags`, { tags: ['harbour', 'dusk'] })).status).toBe(200);
    expect((await feed(viewer)).find((c) => c.id === file.id)!.tags).toEqual(['harbour', 'dusk']);
  });

  it('drop a file made private from every other viewer’s page at once', async () => {
    // No call changes one file's visibility yet (folders will); the write path that does must
    // announce it like every repository write does, which is what is checked here.
    const file = await upload(owner);
    expect(ids(await feed(viewer))).toContain(file.id);
    expect(ids(await visitorFeed())).toContain(file.id);
    await t.database.db.update(files).set({ isPublic: false }).where(eq(files.id, file.id));
    bus.publish('feed', ALL);
    expect(ids(await feed(viewer))).not.toContain(file.id);
    expect(ids(await visitorFeed())).not.toContain(file.id);
    expect(ids(await feed(owner))).toContain(file.id);
  });

  it("show the owner's new name on their cards at once", async () => {
    const file = await upload(owner);
    await feed(viewer);
    const me = (await owner.get('/api/user')).body;
    expect((await owner.put('/api/user/profile', { firstName: 'Renamed', lastName: me.lastName, username: me.username, bio: '' })).status).toBe(200);
    const card = (await feed(viewer)).find((c) => c.id === file.id) as unknown as { user: { id: number; firstName: string } };
    expect(card.user).toMatchObject({ id: ownerId, firstName: 'Renamed' });
  });
});

describe('what survives a write', () => {
  /** Changes a file behind the app's back: the cached card keeps the old tags until something drops it. */
  async function sneakTags(fileId: number): Promise<void> {
    await t.database.db.update(files).set({ tags: ['sneaky'] }).where(eq(files.id, fileId));
  }
  const card = async (c: TestClient, id: number) => (await feed(c)).find((x) => x.id === id) as Card & { viewCount: number; commentCount: number };

  it('a view, a like or a comment on one file leaves every other card cached', async () => {
    const [other, busy] = [await upload(owner), await upload(owner)];
    expect((await card(viewer, other.id)).tags).toEqual([]);
    await sneakTags(other.id);
    expect((await viewer.get(`/api/files/${busy.id}`)).status).toBe(200);
    await t.app.views.flush();
    expect((await viewer.post(`/api/files/${busy.id}/like`)).status).toBe(200);
    expect((await viewer.post(`/api/files/${busy.id}/comments`, { content: 'nice' })).status).toBe(201);
    expect(await card(viewer, busy.id)).toMatchObject({ viewCount: 1, likeCount: 1, commentCount: 1, isLiked: true });
    expect((await card(viewer, other.id)).tags).toEqual([]);
    bus.publish('file', String(other.id));
    expect((await card(viewer, other.id)).tags).toEqual(['sneaky']);
  });

  it('a private file in a folder shows to a collaborator at once, and goes at once when they are removed', async () => {
    const folder = (await owner.post('/api/folders', { name: `Shared ${Date.now()}` })).body as { id: number };
    const viewerId = (await viewer.get('/api/user')).body.id as number;
    expect((await owner.post(`/api/folders/${folder.id}/collaborators`, { userId: viewerId, role: 'VIEWER' })).status).toBe(201);
    await feed(viewer);
    const file = await upload(owner, false, folder.id);
    expect(ids(await feed(viewer))).toContain(file.id);
    expect((await viewer.get(`/api/files/${file.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/folders/${folder.id}/collaborators/${viewerId}`)).status).toBe(200);
    expect(ids(await feed(viewer))).not.toContain(file.id);
    expect((await viewer.get(`/api/files/${file.id}`)).status).toBe(404);
    expect((await viewer.get(`/api/files/${file.id}/comments`)).status).toBe(404);
  });

  it('a private file saved into a shared folder shows to its collaborators at once', async () => {
    const folder = (await owner.post('/api/folders', { name: `Saved ${Date.now()}` })).body as { id: number };
    const viewerId = (await viewer.get('/api/user')).body.id as number;
    expect((await owner.post(`/api/folders/${folder.id}/collaborators`, { userId: viewerId, role: 'VIEWER' })).status).toBe(201);
    const file = await upload(owner, false);
    expect(ids(await feed(viewer))).not.toContain(file.id);
    expect((await owner.post(`/api/folders/${folder.id}/files`, { fileId: file.id })).status).toBe(200);
    expect(ids(await feed(viewer))).toContain(file.id);
    expect((await owner.delete(`/api/folders/${folder.id}/files/${file.id}`)).status).toBe(200);
    expect(ids(await feed(viewer))).not.toContain(file.id);
  });

  it('shows a new comment at once, and its author’s new name', async () => {
    const file = await upload(owner);
    expect((await viewer.get(`/api/files/${file.id}/comments`)).body).toEqual([]);
    expect((await viewer.post(`/api/files/${file.id}/comments`, { content: 'first!' })).status).toBe(201);
    const list = async () => (await owner.get(`/api/files/${file.id}/comments`)).body as { content: string; user: { firstName: string } }[];
    expect((await list()).map((c) => c.content)).toEqual(['first!']);
    const me = (await viewer.get('/api/user')).body;
    expect((await viewer.put('/api/user/profile', { firstName: 'Vera', lastName: me.lastName, username: me.username, bio: '' })).status).toBe(200);
    expect((await list())[0].user.firstName).toBe('Vera');
  });
});
