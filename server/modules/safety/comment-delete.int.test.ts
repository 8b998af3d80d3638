import { beforeAll, describe, expect, it } from 'vitest';
import { safetyMessages } from '../../../contract/safety';
import { ADMIN_EMAIL, testEnv, uploadOk } from '../../../tests/helpers/folders';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { jobsSettled } from '../../../tests/helpers/wait';

// DELETE /api/comments/{id}: the author, the file's owner and admins; counts and notifications follow.

const t = useTestApp(testEnv);
let owner: TestClient;
let author: TestClient;
let other: TestClient;
let admin: TestClient;
let fileId: number;
let privateFileId: number;

const comment = async (c: TestClient, id: number, content: string): Promise<number> => {
  const res = await c.post(`/api/files/${id}/comments`, { content });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
};
const contents = async (c: TestClient, id = fileId) => (await c.get(`/api/files/${id}/comments`)).body.map((x: { content: string }) => x.content);
const commentCount = async (c: TestClient, id = fileId) => (await c.get(`/api/files/${id}`)).body.commentCount as number;

beforeAll(async () => {
  [owner, author, other, admin] = [t.client(), t.client(), t.client(), t.client()];
  await signUp(owner);
  await signUp(author);
  await signUp(other);
  await signUp(admin, { email: ADMIN_EMAIL });
  fileId = await uploadOk(owner, 'commented.gif');
  privateFileId = await uploadOk(owner, 'private.gif', { isPublic: 'false' });
});

describe('deleting a comment', () => {
  it('by its author: gone from the list for everyone, the count follows, the owner is no longer told', async () => {
    const id = await comment(author, fileId, 'first thoughts');
    await jobsSettled(t.database);
    await contents(other); // a cached page that must empty
    expect(await commentCount(other)).toBe(1);
    expect((await owner.get('/api/notifications')).body.notifications.some((n: { type: string }) => n.type === 'comment')).toBe(true);
    const res = await author.delete(`/api/comments/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(await contents(other)).toEqual([]);
    expect(await commentCount(other)).toBe(0);
    expect((await owner.get('/api/notifications')).body.notifications.filter((n: { type: string }) => n.type === 'comment')).toEqual([]);
    expect((await author.delete(`/api/comments/${id}`)).status).toBe(404);
  });

  it("by the file's owner and by an admin, not by anyone else (403, nothing deleted)", async () => {
    const a = await comment(author, fileId, 'keep me?');
    const b = await comment(author, fileId, 'and me?');
    const refused = await other.delete(`/api/comments/${a}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(safetyMessages.cannotDeleteComment);
    expect(await contents(other)).toEqual(['keep me?', 'and me?']);
    expect((await owner.delete(`/api/comments/${a}`)).status).toBe(200);
    expect((await admin.delete(`/api/comments/${b}`)).status).toBe(200);
    expect(await contents(owner)).toEqual([]);
    expect(await commentCount(owner)).toBe(0);
  });

  it('answers 404 to one who cannot see the file, 401 signed out, and 400 for a bad id', async () => {
    const id = await comment(owner, privateFileId, 'note to self');
    expect((await other.delete(`/api/comments/${id}`)).status).toBe(404);
    expect((await t.client().delete(`/api/comments/${id}`)).status).toBe(401);
    expect((await other.delete('/api/comments/abc')).status).toBe(400);
    expect(await contents(owner, privateFileId)).toEqual(['note to self']);
  });
});
