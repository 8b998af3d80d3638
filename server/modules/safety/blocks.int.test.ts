import { beforeAll, describe, expect, it } from 'vitest';
import { messageMessages } from '../../../contract/messages';
import { safetyMessages } from '../../../contract/safety';
import { createFolder, uploadOk } from '../../../tests/helpers/folders';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { jobsSettled } from '../../../tests/helpers/wait';

// A block hides each member from the other on every read path and refuses every write between
// them (docs/decisions/028-safety-kit.md); the blocked member is never told.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let alice: TestClient; // blocks bob
let bob: TestClient;
let carol: TestClient; // a bystander both know
let ids: { alice: number; bob: number; carol: number };
let files: { alice: number; bob: number; carol: number };
let bobFolder: number;

const idsOf = (body: { id: number }[]) => body.map((x) => x.id);
const search = (c: TestClient, q: string) => c.get(`/api/files/search?${new URLSearchParams({ q, resultType: 'files' })}`);
const searchCount = async (c: TestClient, q: string) => (await c.get(`/api/files/search/count?${new URLSearchParams({ q, resultType: 'files' })}`)).body;

/** The frames of a member's live stream that arrive while `during` runs (and a moment after). */
async function liveFrames(client: TestClient, during: () => Promise<unknown>): Promise<string> {
  const controller = new AbortController();
  const res = await fetch(`${t.url}/api/events`, { headers: { cookie: client.cookieHeader }, signal: controller.signal });
  let text = '';
  const reading = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += Buffer.from(chunk).toString();
    } catch {
      // aborted below
    }
  })();
  await during();
  await jobsSettled(t.database);
  await new Promise((r) => setTimeout(r, 300));
  controller.abort();
  await reading;
  return text;
}

beforeAll(async () => {
  [alice, bob, carol] = [t.client(), t.client(), t.client()];
  ids = { alice: (await signUp(alice)).id, bob: (await signUp(bob)).id, carol: (await signUp(carol)).id };
  files = {
    alice: await uploadOk(alice, 'periwinkle-alice.gif'),
    bob: await uploadOk(bob, 'periwinkle-bob.gif'),
    carol: await uploadOk(carol, 'periwinkle-carol.gif'),
  };
  bobFolder = await createFolder(bob, { name: 'Bob periwinkles', isPublic: true });
  // Before the block: follows both ways, comments of both on carol's file, a like and a message each way.
  expect((await alice.post(`/api/users/${ids.bob}/follow`)).status).toBe(200);
  expect((await bob.post(`/api/users/${ids.alice}/follow`)).status).toBe(200);
  expect((await alice.post(`/api/files/${files.carol}/comments`, { content: 'alice was here' })).status).toBe(201);
  expect((await bob.post(`/api/files/${files.carol}/comments`, { content: 'bob was here' })).status).toBe(201);
  expect((await bob.post(`/api/files/${files.alice}/like`)).status).toBe(200);
  expect((await alice.post('/api/messages', { recipientId: ids.bob, content: 'hello bob' })).status).toBe(201);
  expect((await bob.post('/api/messages', { recipientId: ids.alice, content: 'hello alice' })).status).toBe(201);
  await jobsSettled(t.database);
  // Warm every cache the reads below use, so the block must reach them.
  for (const c of [alice, bob]) {
    await c.get('/api/files');
    await c.get(`/api/files/${files.carol}/comments`);
    await c.get(`/api/files/${c === alice ? files.bob : files.alice}`);
  }
  expect(idsOf((await alice.get('/api/files')).body)).toContain(files.bob);
  expect((await alice.get('/api/notifications')).body.notifications.some((n: { type: string }) => n.type === 'like')).toBe(true);

  const blocked = await alice.post(`/api/users/${ids.bob}/block`);
  expect(blocked.status, blocked.text).toBe(200);
  expect(blocked.body).toEqual({ isBlocked: true });
});

describe('a block', () => {
  it('is listed for the blocker only, and repeats without a second row', async () => {
    expect((await alice.post(`/api/users/${ids.bob}/block`)).body).toEqual({ isBlocked: true });
    const list = await alice.get('/api/user/blocks');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: ids.bob });
    expect((await bob.get('/api/user/blocks')).body).toEqual([]);
  });

  it('hides each from the other in the feed, details, bytes and More like this, both ways', async () => {
    for (const [viewer, other] of [[alice, files.bob], [bob, files.alice]] as const) {
      const feed = idsOf((await viewer.get('/api/files')).body);
      expect(feed).not.toContain(other);
      expect(feed).toContain(files.carol);
      expect((await viewer.get(`/api/files/${other}`)).status).toBe(404);
      expect((await viewer.get(`/api/files/${other}/content`)).status).toBe(404);
      expect((await viewer.get(`/api/files/${other}/similar`)).status).toBe(404);
    }
    // Carol still sees both.
    expect(idsOf((await carol.get('/api/files')).body)).toEqual(expect.arrayContaining([files.alice, files.bob]));
  });

  it('hides each from the other in search lists and counts', async () => {
    expect(idsOf((await search(alice, 'periwinkle')).body.map((r: { data: { id: number } }) => r.data))).not.toContain(files.bob);
    expect(await searchCount(alice, 'periwinkle')).toMatchObject({ files: 2 });
    expect(await searchCount(bob, 'periwinkle')).toMatchObject({ files: 2 });
    expect(await searchCount(carol, 'periwinkle')).toMatchObject({ files: 3 });
    const members = await alice.get(`/api/users/search/${encodeURIComponent((await bob.get('/api/user')).body.username)}`);
    expect(idsOf(members.body)).not.toContain(ids.bob);
  });

  it('hides profiles, their lists and folders (404 as for a missing member)', async () => {
    for (const [viewer, other] of [[alice, ids.bob], [bob, ids.alice]] as const) {
      for (const path of ['', '/files', '/files/count', '/folders', '/followers', '/following']) {
        expect((await viewer.get(`/api/users/${other}${path}`)).status, path).toBe(404);
      }
    }
    expect((await alice.get(`/api/folders/${bobFolder}`)).status).toBe(404);
    expect((await carol.get(`/api/folders/${bobFolder}`)).status).toBe(200);
  });

  it('ended the follows both ways with exact counts', async () => {
    for (const c of [alice, bob]) expect((await c.get('/api/user')).body).toMatchObject({ followersCount: 0, followingCount: 0 });
  });

  it("hides each one's comments from the other; carol sees both", async () => {
    const contents = async (c: TestClient) => (await c.get(`/api/files/${files.carol}/comments`)).body.map((x: { content: string }) => x.content);
    expect(await contents(alice)).toEqual(['alice was here']);
    expect(await contents(bob)).toEqual(['bob was here']);
    expect(await contents(carol)).toEqual(['alice was here', 'bob was here']);
  });

  it('refuses likes, comments, follows and collaborators between them as if the other did not exist', async () => {
    expect((await bob.post(`/api/files/${files.alice}/like`)).status).toBe(404);
    expect((await bob.post(`/api/files/${files.alice}/comments`, { content: 'hi' })).status).toBe(404);
    expect((await bob.post(`/api/users/${ids.alice}/follow`)).status).toBe(404);
    expect((await alice.post(`/api/users/${ids.bob}/follow`)).status).toBe(404);
    const aliceFolder = await createFolder(alice, { name: 'Alice shared', isPublic: false });
    expect((await alice.post(`/api/folders/${aliceFolder}/collaborators`, { userId: ids.bob, role: 'VIEWER' })).status).toBe(404);
    expect((await alice.post(`/api/folders/${aliceFolder}/invites`, { role: 'VIEWER', invitedUserId: ids.bob })).status).toBe(404);
  });

  it('keeps the thread readable for the blocker only; the blocked send fails as for a missing recipient', async () => {
    const thread = await alice.get(`/api/messages/${ids.bob}`);
    expect(thread.status).toBe(200);
    expect(thread.body.map((m: { content: string }) => m.content)).toEqual(['hello alice', 'hello bob']);
    expect((await bob.get(`/api/messages/${ids.alice}`)).status).toBe(404);
    expect(idsOf((await bob.get('/api/messages/conversations')).body.map((c: { userId: number }) => ({ id: c.userId })))).not.toContain(ids.alice);
    const send = await bob.post('/api/messages', { recipientId: ids.alice, content: 'still there?' });
    expect(send.status).toBe(400);
    expect(send.body.message).toBe(messageMessages.recipientNotFound);
    expect((await alice.post('/api/messages', { recipientId: ids.bob, content: 'bye' })).body.message).toBe(messageMessages.recipientNotFound);
  });

  it("took bob's earlier like out of alice's bell and lets none of his activity reach her, live or later", async () => {
    expect((await alice.get('/api/notifications')).body.notifications.filter((n: { type: string }) => n.type === 'like')).toEqual([]);
    // Bob comments where alice commented before: carol is told, alice is not, not even live.
    const frames = await liveFrames(alice, () => bob.post(`/api/files/${files.carol}/comments`, { content: 'bob again' }));
    expect(frames).not.toContain('"notification"');
    expect((await alice.get('/api/notifications')).body.notifications.filter((n: { type: string }) => n.type === 'reply')).toEqual([]);
    expect((await carol.get('/api/notifications')).body.notifications.some((n: { type: string }) => n.type === 'comment')).toBe(true);
  });

  it('refuses a self-block (400) and an unknown member (404), writing nothing', async () => {
    const self = await alice.post(`/api/users/${ids.alice}/block`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(safetyMessages.cannotBlockSelf);
    expect((await alice.post('/api/users/999999/block')).status).toBe(404);
    expect((await t.client().post(`/api/users/${ids.bob}/block`)).status).toBe(401);
    expect((await alice.get('/api/user/blocks')).body).toHaveLength(1);
  });

  it('unblocks: each sees the other again on the next read, follows stay ended', async () => {
    const res = await alice.delete(`/api/users/${ids.bob}/block`);
    expect(res.body).toEqual({ isBlocked: false });
    expect(idsOf((await alice.get('/api/files')).body)).toContain(files.bob);
    expect((await bob.get(`/api/files/${files.alice}`)).status).toBe(200);
    expect((await bob.get(`/api/users/${ids.alice}`)).body.isFollowing).toBe(false);
    expect((await alice.get('/api/user/blocks')).body).toEqual([]);
  });
});

describe('a block on a shared folder', () => {
  it("removes the owner's collaborator, so the folder's private files are gone for them", async () => {
    const dave = t.client();
    const daveId = (await signUp(dave)).id;
    const folder = await createFolder(carol, { name: 'Carol private', isPublic: false });
    expect((await carol.post(`/api/folders/${folder}/collaborators`, { userId: daveId, role: 'EDITOR' })).status).toBe(201);
    const secret = await uploadOk(carol, 'carol-secret.gif', { isPublic: 'false', folderId: String(folder) });
    expect((await dave.get(`/api/files/${secret}`)).status).toBe(200);
    expect((await carol.post(`/api/users/${daveId}/block`)).status).toBe(200);
    expect((await dave.get(`/api/folders/${folder}`)).status).toBe(404);
    expect((await dave.get(`/api/files/${secret}`)).status).toBe(404);
    expect((await carol.get(`/api/folders/${folder}/collaborators`)).body.map((c: { userId: number }) => c.userId)).not.toContain(daveId);
    // Unblocking does not bring the collaboration back.
    await carol.delete(`/api/users/${daveId}/block`);
    expect((await dave.get(`/api/files/${secret}`)).status).toBe(404);
  });
});
