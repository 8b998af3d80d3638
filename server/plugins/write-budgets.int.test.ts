import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tooManyWritesMessage } from '../../contract/common';
import { useDeployment } from '../../tests/helpers/deployment';
import { useTestApp } from '../../tests/helpers/test-app';
import { signedUp, signUp, TestClient, type TestResponse } from '../../tests/helpers/test-client';
import { comments, fileLikes, files, folderInvites, folders, follows, messages } from '../db/schema/index';
import { createFolder, upload, uploadOk } from '../../tests/helpers/folders';
import { WRITE_BUDGETS } from './write-budgets';

function expectRefused(res: TestResponse) {
  expect(res.status, res.text).toBe(429);
  expect(res.body).toEqual({ message: tooManyWritesMessage });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600, `Retry-After ${retryAfter}`).toBe(true);
}

/** `n` requests at once; every one must pass. */
async function allPass(n: number, send: (i: number) => Promise<TestResponse>): Promise<void> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  for (const a of answers) expect(a.status, a.text).toBeLessThan(300);
}

// One member sent 198 messages, 56 comments and 18 addressed invites a second and
// created 258 folders a second. Production budgets (WRITE_BUDGET_SCALE 1).
describe('member write budgets', () => {
  const t = useTestApp({ WRITE_BUDGET_SCALE: '1' });
  const member = () => signedUp(t);
  const rows = async (table: typeof messages | typeof comments | typeof folders | typeof folderInvites | typeof fileLikes | typeof follows | typeof files) =>
    (await t.database.db.select({ n: count() }).from(table))[0].n;


  it('messages: 20 a minute to one member, 30 to all; the next is 429 and writes nothing; others are unaffected', async () => {
    const [alice, bob, carol, dave] = [await member(), await member(), await member(), await member()];
    const to = (c: TestClient, recipientId: number, i: number) => c.post('/api/messages', { recipientId, content: `spam ${i}` });
    await allPass(WRITE_BUDGETS.message.recipient[0][0], (i) => to(alice.client, bob.id, i));
    const before = await rows(messages);
    expectRefused(await to(alice.client, bob.id, 99));
    expect(await rows(messages)).toBe(before);
    // Alice may still write to someone else, up to her own budget (the refused one counted too:
    // a script that keeps hammering stays refused).
    await allPass(9, (i) => to(alice.client, carol.id, i));
    expectRefused(await to(alice.client, carol.id, 99));
    // Bob hears from others as before; Dave was never limited.
    expect((await to(dave.client, bob.id, 1)).status).toBe(201);
    expect((await to(bob.client, alice.id, 1)).status).toBe(201);
  });

  it('comments: 10 a minute; the 11th is 429 and writes nothing (so notifies no one)', async () => {
    const [owner, spammer, other] = [await member(), await member(), await member()];
    const fileId = await uploadOk(owner.client, 'target.gif');
    await allPass(10, (i) => spammer.client.post(`/api/files/${fileId}/comments`, { content: `spam ${i}` }));
    const before = await rows(comments);
    expectRefused(await spammer.client.post(`/api/files/${fileId}/comments`, { content: 'one more' }));
    expect(await rows(comments)).toBe(before);
    expect((await other.client.post(`/api/files/${fileId}/comments`, { content: 'hello' })).status).toBe(201);
  });

  it('folders: 10 a minute; the 11th is 429 and creates nothing', async () => {
    const [spammer, other] = [await member(), await member()];
    await allPass(10, (i) => spammer.client.post('/api/folders', { name: `f${i}` }));
    const before = await rows(folders);
    expectRefused(await spammer.client.post('/api/folders', { name: 'one more' }));
    expect(await rows(folders)).toBe(before);
    expect(await createFolder(other.client, { name: 'mine' })).toBeGreaterThan(0);
  });

  it('addressed invites: 10 an hour to one member; another member can still be invited', async () => {
    const [owner, bob, carol] = [await member(), await member(), await member()];
    const folderId = await createFolder(owner.client, { name: 'shared' });
    // Invited, revoked and invited again: each one tells Bob.
    for (let i = 0; i < 10; i++) {
      const invite = await owner.client.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER', invitedUserId: bob.id });
      expect(invite.status, invite.text).toBe(201);
      expect((await owner.client.delete(`/api/invites/${invite.body.id}`)).status).toBe(200);
    }
    const before = await rows(folderInvites);
    expectRefused(await owner.client.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER', invitedUserId: bob.id }));
    expect(await rows(folderInvites)).toBe(before);
    expect((await owner.client.post(`/api/folders/${folderId}/invites`, { role: 'VIEWER', invitedUserId: carol.id })).status).toBe(201);
  });

  it('follows: following and unfollowing one member 10 times an hour, then 429', async () => {
    const [spammer, bob, carol] = [await member(), await member(), await member()];
    for (let i = 0; i < 10; i++) expect((await spammer.client.request(i % 2 ? 'DELETE' : 'POST', `/api/users/${bob.id}/follow`)).status).toBe(200);
    const before = await rows(follows);
    expectRefused(await spammer.client.post(`/api/users/${bob.id}/follow`));
    expect(await rows(follows)).toBe(before);
    expect((await spammer.client.post(`/api/users/${carol.id}/follow`)).status).toBe(200);
  });

  it('likes: 60 a minute, likes and unlikes together', async () => {
    const [owner, spammer] = [await member(), await member()];
    const fileId = await uploadOk(owner.client, 'liked.gif');
    for (let i = 0; i < 60; i++) expect((await spammer.client.request(i % 2 ? 'DELETE' : 'POST', `/api/files/${fileId}/like`)).status).toBe(200);
    const before = await rows(fileLikes);
    expectRefused(await spammer.client.post(`/api/files/${fileId}/like`));
    expect(await rows(fileLikes)).toBe(before);
    expect((await owner.client.post(`/api/files/${fileId}/like`)).status).toBe(200);
  });

  it('uploads: 60 a minute; the 61st is 429 and stores nothing', async () => {
    const [spammer, other] = [await member(), await member()];
    for (let i = 0; i < 60; i += 5) await allPass(5, (j) => upload(spammer.client, `u${i + j}.gif`));
    const before = await rows(files);
    expectRefused(await upload(spammer.client, 'one-more.gif'));
    expect(await rows(files)).toBe(before);
    expect((await upload(other.client, 'fine.gif')).status).toBe(201);
  });

  it('collaborators: one member added and removed 10 times an hour, then 429; another can still be added', async () => {
    const [owner, bob, carol] = [await member(), await member(), await member()];
    const folderId = await createFolder(owner.client, { name: 'team' });
    for (let i = 0; i < 10; i++) {
      expect((await owner.client.post(`/api/folders/${folderId}/collaborators`, { userId: bob.id, role: 'VIEWER' })).status).toBe(201);
      expect((await owner.client.delete(`/api/folders/${folderId}/collaborators/${bob.id}`)).status).toBe(200);
    }
    expectRefused(await owner.client.post(`/api/folders/${folderId}/collaborators`, { userId: bob.id, role: 'VIEWER' }));
    expect((await owner.client.get(`/api/folders/${folderId}/collaborators`)).body.map((x: { id: number }) => x.id)).not.toContain(bob.id);
    expect((await owner.client.post(`/api/folders/${folderId}/collaborators`, { userId: carol.id, role: 'VIEWER' })).status).toBe(201);
  });

  it('account changes: 10 a minute (each may mail the member), then 429 and nothing changes', async () => {
    const me = await member();
    for (let i = 0; i < 10; i++) expect((await me.client.put('/api/user/profile', { firstName: `Name${i}`, lastName: null, username: me.username, bio: null })).status).toBe(200);
    expectRefused(await me.client.put('/api/user/profile', { firstName: 'Eleventh', lastName: null, username: me.username, bio: null }));
    expect((await me.client.get('/api/user')).body.firstName).toBe('Name9');
  });

  it('every other write: 300 a minute in all', async () => {
    const [spammer, other] = [await member(), await member()];
    for (let i = 0; i < 300; i += 20) await allPass(20, () => spammer.client.put('/api/notifications/mark-all-read'));
    expectRefused(await spammer.client.put('/api/notifications/mark-all-read'));
    expect((await other.client.put('/api/notifications/mark-all-read')).status).toBe(200);
  });
});

describe('a budget is shared by two app processes through Redis', () => {
  const d = useDeployment(2, { WRITE_BUDGET_SCALE: '1' });

  it('ten comments spread over both processes spend one budget', async () => {
    const [a, b] = d.apps;
    const owner = a.client();
    await signUp(owner);
    const fileId = await uploadOk(owner, 'target.gif');
    const spammer = a.client();
    await signUp(spammer);
    const onB = b.client();
    onB.cookies = new Map(spammer.cookies);
    for (let i = 0; i < 10; i++) expect((await (i % 2 ? onB : spammer).post(`/api/files/${fileId}/comments`, { content: `c${i}` })).status).toBe(201);
    expectRefused(await onB.post(`/api/files/${fileId}/comments`, { content: 'eleven' }));
    expectRefused(await spammer.post(`/api/files/${fileId}/comments`, { content: 'eleven' }));
    const stored = await a.database.db.select({ n: count() }).from(comments).where(eq(comments.fileId, fileId));
    expect(stored[0].n).toBe(10);
  });
});
