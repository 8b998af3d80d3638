import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signedUp, type TestClient } from '../../../tests/helpers/test-client';
import { createStoredKeysRepo } from '../../storage/stored-keys.repo';
import { fileRowCount, photo, storedFiles, upload, uploadOk } from '../../../tests/helpers/upload';

const MB = 1024 * 1024;
const ADMIN = 'quota-admin@example.com';
const METRICS_TOKEN = 'quota-metrics-token-0123456789';
const t = useTestApp({ STORAGE_QUOTA_MB: '1', ADMIN_EMAILS: ADMIN, METRICS_TOKEN });

/** A real JPEG padded after its end marker to exactly `bytes` (decoders stop at the marker; the size counts all). */
async function jpegOf(bytes: number): Promise<Buffer> {
  const cat = await photo('chelsea-cat.jpg');
  expect(cat.length).toBeLessThan(bytes);
  return Buffer.concat([cat, Buffer.alloc(bytes - cat.length)]);
}

const usage = async (client: TestClient) => (await client.get('/api/user/storage')).body;
const scratch = async () => (await fs.readdir(t.config.tmpDir).catch(() => [])).length;
const notificationsOf = async (client: TestClient) => (await client.get('/api/notifications')).body.notifications as { type: string; message: string }[];

describe('storage quotas', () => {
  it('counts originals, refuses the upload that would pass the quota with 413 and stores nothing, and frees space on delete', async () => {
    const { client } = await signedUp(t);
    expect(await usage(client)).toEqual({ usedBytes: 0, quotaBytes: MB });
    const first = await uploadOk(client, await jpegOf(600 * 1024), 'first.jpg');
    expect(await usage(client)).toEqual({ usedBytes: 600 * 1024, quotaBytes: MB });

    const [rows, objects] = [await fileRowCount(t.database), await storedFiles(t.config.uploadsDir)];
    const refused = await upload(client, await jpegOf(500 * 1024), 'second.jpg');
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ message: 'Your storage is full (1 MB). Delete some files to upload more.' });
    expect(await fileRowCount(t.database)).toBe(rows);
    expect(await storedFiles(t.config.uploadsDir)).toEqual(objects);
    expect(await scratch()).toBe(0);
    // Counted as a refusal for the quota, not for a file too large.
    const metrics = await (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toContain('kaleido_uploads_total{outcome="refused",reason="quota"} 1');

    expect((await client.delete(`/api/files/${first.id}`)).status).toBe(200);
    expect((await usage(client)).usedBytes).toBe(0);
    await uploadOk(client, await jpegOf(500 * 1024), 'second.jpg');
  });

  it('refuses a full member without storing a byte of the body, and tells the member once at 90 %', async () => {
    const { client } = await signedUp(t);
    await uploadOk(client, await jpegOf(700 * 1024), 'a.jpg');
    expect((await notificationsOf(client)).filter((n) => n.type === 'storage_almost_full')).toEqual([]);
    await uploadOk(client, await jpegOf(250 * 1024), 'b.jpg');
    await expect.poll(async () => (await notificationsOf(client)).filter((n) => n.type === 'storage_almost_full').map((n) => n.message)).toEqual([
      'You have used 90% of your storage (950 KB of 1 MB). Delete some files to keep uploading.',
    ]);
    await uploadOk(client, await jpegOf(60 * 1024), 'c.jpg');
    // Full now (1010 KB of 1 MB, less than a photo left): a 9 MB body is refused, none of it kept.
    const big = await upload(client, await jpegOf(9 * MB), 'big.jpg');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Your storage is full (1 MB). Delete some files to upload more.');
    expect(await scratch()).toBe(0);
    expect((await notificationsOf(client)).filter((n) => n.type === 'storage_almost_full')).toHaveLength(1);
  });

  it('lets only one of two concurrent uploads pass the quota together', async () => {
    const { client } = await signedUp(t);
    const [rows, objects] = [await fileRowCount(t.database), (await storedFiles(t.config.uploadsDir)).length];
    const bytes = await jpegOf(600 * 1024);
    const answers = await Promise.all([upload(client, bytes, 'one.jpg'), upload(client, bytes, 'two.jpg'), upload(client, bytes, 'three.jpg')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 413, 413]);
    expect(await fileRowCount(t.database)).toBe(rows + 1);
    // Every stored object is one a row names: the refused uploads' objects were removed.
    const referenced = await createStoredKeysRepo(t.database.db).referencedKeys();
    const after = await storedFiles(t.config.uploadsDir);
    expect(after.length).toBeGreaterThan(objects);
    expect(after.filter((key) => !referenced.has(key))).toEqual([]);
    expect((await usage(client)).usedBytes).toBe(600 * 1024);
    expect(await scratch()).toBe(0);
  });

  it("lets an admin set a member's own quota (members get 403, bad input 400)", async () => {
    const admin = await signedUp(t, { email: ADMIN });
    const member = await signedUp(t);
    expect((await member.client.put(`/api/admin/users/${member.id}/storage-quota`, { quotaMb: 5000 })).status).toBe(403);
    expect((await member.client.get(`/api/admin/users/${member.id}/storage`)).status).toBe(403);
    expect((await admin.client.put(`/api/admin/users/${member.id}/storage-quota`, { quotaMb: 0 })).status).toBe(400);
    expect((await admin.client.put(`/api/admin/users/${member.id}/storage-quota`, { quotaMb: '2' })).status).toBe(400);
    expect((await admin.client.put(`/api/admin/users/999999/storage-quota`, { quotaMb: 2 })).status).toBe(404);

    const set = await admin.client.put(`/api/admin/users/${member.id}/storage-quota`, { quotaMb: 2 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ usedBytes: 0, quotaBytes: 2 * MB, ownQuota: true });
    expect(await usage(member.client)).toEqual({ usedBytes: 0, quotaBytes: 2 * MB });
    // 1.5 MB fits the member's own 2 MB, not the server's 1 MB.
    await uploadOk(member.client, await jpegOf(1.5 * MB), 'large.jpg');

    const reset = await admin.client.put(`/api/admin/users/${member.id}/storage-quota`, { quotaMb: null });
    expect(reset.body).toEqual({ usedBytes: 1.5 * MB, quotaBytes: MB, ownQuota: false });
    expect((await upload(member.client, await jpegOf(100 * 1024), 'more.jpg')).status).toBe(413);
  });

  it("tells a folder's owner when a collaborator's upload to it is refused for quota, unless they turned the alerts off", async () => {
    const owner = await signedUp(t, { firstName: 'Olive', lastName: 'Owner' });
    const editor = await signedUp(t, { firstName: 'Eddie', lastName: 'Editor' });
    const folder = await owner.client.post('/api/folders', { name: 'Trip photos' });
    expect(folder.status).toBe(201);
    expect((await owner.client.post(`/api/folders/${folder.body.id}/collaborators`, { userId: editor.id, role: 'EDITOR' })).status).toBe(201);
    await uploadOk(editor.client, await jpegOf(900 * 1024), 'mine.jpg');
    const refused = await upload(editor.client, await jpegOf(200 * 1024), 'trip.jpg', { folderId: String(folder.body.id) });
    expect(refused.status).toBe(413);
    await expect.poll(async () => (await notificationsOf(owner.client)).filter((n) => n.type === 'member_storage_full').map((n) => n.message)).toEqual([
      'Eddie Editor could not upload to “Trip photos”: their storage is full.',
    ]);

    const quiet = await signedUp(t);
    expect((await quiet.client.put('/api/user/preferences', { groupBlockLimitAlerts: false })).status).toBe(200);
    const other = await quiet.client.post('/api/folders', { name: 'Quiet' });
    expect((await quiet.client.post(`/api/folders/${other.body.id}/collaborators`, { userId: editor.id, role: 'EDITOR' })).status).toBe(201);
    expect((await upload(editor.client, await jpegOf(200 * 1024), 'trip.jpg', { folderId: String(other.body.id) })).status).toBe(413);
    expect((await notificationsOf(quiet.client)).filter((n) => n.type === 'member_storage_full')).toEqual([]);
  });
});
