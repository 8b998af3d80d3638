import { beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionMessages } from '../../../contract/safety';
import { ageProof } from '../../../tests/helpers/account-security';
import { uploadOk } from '../../../tests/helpers/folders';
import { useTestApp } from '../../../tests/helpers/test-app';
import { newMember, signUp, type TestClient } from '../../../tests/helpers/test-client';
import { storedFiles } from '../../../tests/helpers/upload';
import { jobsSettled } from '../../../tests/helpers/wait';

// DELETE /api/user (docs/decisions/028-safety-kit.md): a recent sign-in and the typed username;
// every session ends at once, the `account.delete` job removes every row and stored object and
// takes back every count; the username and e-mail are free again.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
const leaving = newMember();
let phone: TestClient;
let laptop: TestClient;
let friend: TestClient;
let leavingId: number;
let friendId: number;
let friendFile: number;
let leavingFile: number;
let bytesUrl: string;

const count = async (table: string) => Number(((await t.database.db.execute(`select count(*)::int as n from ${table}`)) as unknown as { rows: { n: number }[] }).rows[0].n);

beforeAll(async () => {
  [phone, laptop, friend] = [t.client(), t.client(), t.client()];
  leavingId = (await signUp(phone, leaving)).id;
  expect((await laptop.post('/api/login', { emailOrUsername: leaving.username, password: leaving.password })).status).toBe(200);
  friendId = (await signUp(friend)).id;
  friendFile = await uploadOk(friend, 'friend.gif');
  leavingFile = await uploadOk(phone, 'leaving.gif');
  bytesUrl = (await phone.get(`/api/files/${leavingFile}`)).body.filePath;
  await phone.post(`/api/users/${friendId}/follow`);
  await friend.post(`/api/users/${leavingId}/follow`);
  await phone.post(`/api/files/${friendFile}/like`);
  await phone.post(`/api/files/${friendFile}/comments`, { content: 'bye for now' });
  await phone.post('/api/messages', { recipientId: friendId, content: 'see you' });
  await phone.post('/api/reports', { targetType: 'file', targetId: friendFile, reason: 'other' });
  await jobsSettled(t.database);
});

describe('deleting an account', () => {
  it('needs the typed username (400) and a recent sign-in (403 reauthenticate), changing nothing', async () => {
    const wrong = await phone.request('DELETE', '/api/user', { username: 'someone-else' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(accountDeletionMessages.confirmMismatch);
    await ageProof(t, leavingId, 60);
    const stale = await phone.request('DELETE', '/api/user', { username: leaving.username });
    expect(stale.status).toBe(403);
    expect(stale.body.reauthenticate).toBe(true);
    expect((await phone.get('/api/user')).status).toBe(200);
    expect((await laptop.post('/api/login', { emailOrUsername: leaving.username, password: leaving.password })).status).toBe(200);
  });

  it('signs out everywhere at once and refuses sign-in', async () => {
    const res = await laptop.request('DELETE', '/api/user', { username: leaving.username.toUpperCase() });
    expect(res.status, res.text).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { emailOrUsername: leaving.username, password: leaving.password })).status).toBe(401);
    expect((await friend.get(`/api/files/${leavingFile}`)).status).toBe(404);
  });

  it('removes every row and stored object of theirs and takes back their counts', async () => {
    await jobsSettled(t.database, ['account.delete']);
    // Only the friend's file is left, and no row names the member.
    expect(await count('files')).toBe(1);
    expect(await count(`users where id = ${leavingId}`)).toBe(0);
    expect((await friend.get(`/api/files/${leavingFile}`)).status).toBe(404);
    expect((await friend.get(bytesUrl)).status).toBe(404);
    // Every stored object of the file went with it: only the friend's remain.
    const keyBase = bytesUrl.split('/').at(-1)!.split('.')[0];
    expect((await storedFiles(t.config.uploadsDir)).filter((f) => f.includes(keyBase))).toEqual([]);
    expect((await friend.get(`/api/users/${leavingId}`)).status).toBe(404);
    const card = (await friend.get(`/api/files/${friendFile}`)).body;
    expect(card).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect((await friend.get(`/api/files/${friendFile}/comments`)).body).toEqual([]);
    expect((await friend.get('/api/user')).body).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect((await friend.get('/api/messages/conversations')).body).toEqual([]);
    for (const table of ['reports', 'follows', 'file_likes', 'comments', 'messages', 'sessions']) {
      const left = Number(((await t.database.db.execute(`select count(*)::int as n from ${table} where ${table === 'follows' ? `follower_id = ${leavingId} or following_id` : table === 'messages' ? 'sender_id' : table === 'reports' ? 'reporter_id' : 'user_id'} = ${leavingId}`)) as unknown as { rows: { n: number }[] }).rows[0].n);
      expect(left, table).toBe(0);
    }
  });

  it('frees the username and e-mail for a new account', async () => {
    const again = await signUp(t.client(), { username: leaving.username, email: leaving.email });
    expect(again.id).not.toBe(leavingId);
  });
});
