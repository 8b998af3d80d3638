import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { reportMessages } from '../../../contract/safety';
import { ADMIN_EMAIL, createFolder, testEnv, uploadOk } from '../../../tests/helpers/folders';
import { useTestApp } from '../../../tests/helpers/test-app';
import { newMember, signUp, type TestClient } from '../../../tests/helpers/test-client';
import { jobsSettled } from '../../../tests/helpers/wait';

// Reports, the admins' queue, resolution, suspension and the audit log (docs/decisions/028-safety-kit.md).

const t = useTestApp(testEnv);
let owner: TestClient;
let reporter: TestClient;
let second: TestClient;
let admin: TestClient;
let ownerId: number;
let adminId: number;
const ownerLogin = newMember();

const report = (c: TestClient, body: Record<string, unknown>) => c.post('/api/reports', body);
const queue = async () => (await admin.get('/api/admin/reports')).body as { reportId: number; targetType: string; targetId: number; reportCount: number; reasons: { reason: string; count: number }[]; notes: string[]; content: { title: string } }[];
const storedObjects = async () => Number(((await t.database.db.execute('select count(*)::int as n from files')) as unknown as { rows: { n: number }[] }).rows[0].n);

beforeAll(async () => {
  [owner, reporter, second, admin] = [t.client(), t.client(), t.client(), t.client()];
  ownerId = (await signUp(owner, ownerLogin)).id;
  await signUp(reporter);
  await signUp(second);
  adminId = (await signUp(admin, { email: ADMIN_EMAIL })).id;
});

describe('reporting', () => {
  it('files one open report per reporter and target; a second answers 409', async () => {
    const file = await uploadOk(owner, 'spammy.gif');
    const first = await report(reporter, { targetType: 'file', targetId: file, reason: 'spam', note: 'buy now links' });
    expect(first.status, first.text).toBe(201);
    const again = await report(reporter, { targetType: 'file', targetId: file, reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(reportMessages.alreadyReported);
    expect((await report(second, { targetType: 'file', targetId: file, reason: 'harassment' })).status).toBe(201);
    const group = (await queue()).find((g) => g.targetType === 'file' && g.targetId === file)!;
    expect(group.reportCount).toBe(2);
    expect(group.reasons).toEqual(expect.arrayContaining([{ reason: 'spam', count: 1 }, { reason: 'harassment', count: 1 }]));
    expect(group.notes).toEqual(['buy now links']);
    expect(group.content.title).toBe('spammy.gif');
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const before = (await queue()).length;
    const privateFile = await uploadOk(owner, 'private.gif', { isPublic: 'false' });
    const own = await uploadOk(reporter, 'mine.gif');
    expect((await report(reporter, { targetType: 'file', targetId: privateFile, reason: 'spam' })).status).toBe(404);
    expect((await report(reporter, { targetType: 'file', targetId: 999999, reason: 'spam' })).status).toBe(404);
    expect((await report(reporter, { targetType: 'message', targetId: 1, reason: 'spam' })).status).toBe(404);
    const self = await report(reporter, { targetType: 'file', targetId: own, reason: 'spam' });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(reportMessages.ownContent);
    expect((await report(reporter, { targetType: 'file', targetId: own, reason: 'rude' })).status).toBe(400);
    expect((await report(reporter, { targetType: 'user', targetId: ownerId, reason: 'spam', note: 'x'.repeat(1001) })).status).toBe(400);
    expect((await t.client().post('/api/reports', { targetType: 'user', targetId: ownerId, reason: 'spam' })).status).toBe(401);
    expect((await queue()).length).toBe(before);
  });

  it('keeps the queue, the actions and the audit log to admins (403 for members)', async () => {
    expect((await reporter.get('/api/admin/reports')).status).toBe(403);
    expect((await reporter.get('/api/admin/audit-log')).status).toBe(403);
    expect((await reporter.post(`/api/admin/users/${ownerId}/suspend`, {})).status).toBe(403);
    expect((await reporter.post('/api/admin/reports/1/resolve', { action: 'dismiss' })).status).toBe(403);
  });
});

describe('resolving', () => {
  it('removes a reported file for everyone, bytes included, and tells every reporter', async () => {
    const file = await uploadOk(owner, 'remove-me.gif');
    const bytesUrl = (await owner.get(`/api/files/${file}`)).body.filePath as string;
    expect((await reporter.get(bytesUrl)).status).toBe(200);
    const filed = await report(reporter, { targetType: 'file', targetId: file, reason: 'copyright' });
    await report(second, { targetType: 'file', targetId: file, reason: 'copyright' });
    const before = await storedObjects();
    const res = await admin.post(`/api/admin/reports/${filed.body.id}/resolve`, { action: 'remove', reason: 'DMCA notice received' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.resolved).toBe(2);
    expect(await storedObjects()).toBe(before - 1);
    for (const c of [owner, reporter, admin]) expect((await c.get(`/api/files/${file}`)).status).toBe(404);
    expect((await reporter.get(bytesUrl)).status).toBe(404);
    expect((await queue()).some((g) => g.targetType === 'file' && g.targetId === file)).toBe(false);
    await jobsSettled(t.database);
    for (const c of [reporter, second]) {
      const told = (await c.get('/api/notifications')).body.notifications.filter((n: { type: string }) => n.type === 'report_resolved');
      expect(told).toHaveLength(1);
      expect(told[0].message).toContain('removed');
      expect(told[0].fromUserId ?? null).toBeNull();
    }
    expect((await admin.post(`/api/admin/reports/${filed.body.id}/resolve`, { action: 'dismiss' })).status).toBe(409);
  });

  it('removes a comment and marks a file sensitive', async () => {
    const file = await uploadOk(owner, 'edgy.gif');
    const comment = (await owner.post(`/api/files/${file}/comments`, { content: 'nasty words' })).body.id as number;
    const onComment = await report(reporter, { targetType: 'comment', targetId: comment, reason: 'harassment' });
    expect((await admin.post(`/api/admin/reports/${onComment.body.id}/resolve`, { action: 'remove' })).status).toBe(200);
    expect((await reporter.get(`/api/files/${file}/comments`)).body).toEqual([]);
    const onFile = await report(reporter, { targetType: 'file', targetId: file, reason: 'nudity' });
    expect((await admin.post(`/api/admin/reports/${onFile.body.id}/resolve`, { action: 'sensitive' })).status).toBe(200);
    expect((await reporter.get(`/api/files/${file}`)).body.isNsfw).toBe(true);
    const onFolder = await report(reporter, { targetType: 'user', targetId: ownerId, reason: 'spam' });
    expect((await admin.post(`/api/admin/reports/${onFolder.body.id}/resolve`, { action: 'remove' })).status).toBe(400);
    expect((await admin.post(`/api/admin/reports/${onFolder.body.id}/resolve`, { action: 'dismiss' })).status).toBe(200);
  });
});

describe('suspension', () => {
  it("ends the member's sessions, refuses sign-in with 403, and hides their content from all but admins until lifted", async () => {
    const file = await uploadOk(owner, 'suspended-owner.gif');
    const folder = await createFolder(owner, { name: 'Suspended folder', isPublic: true });
    await reporter.get('/api/files'); // a warm feed that must drop the file
    expect((await reporter.get(`/api/files/${file}`)).status).toBe(200);
    const res = await admin.post(`/api/admin/users/${ownerId}/suspend`, { reason: 'repeated spam' });
    expect(res.status, res.text).toBe(200);
    expect((await owner.get('/api/user')).status).toBe(401);
    const login = await t.client().post('/api/login', { emailOrUsername: ownerLogin.username, password: ownerLogin.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(authMessages.suspended);
    for (const c of [reporter, t.client()]) expect((await c.get(`/api/files/${file}`)).status).toBe(404);
    expect((await reporter.get('/api/files')).body.map((f: { id: number }) => f.id)).not.toContain(file);
    expect((await reporter.get(`/api/users/${ownerId}`)).status).toBe(404);
    expect((await reporter.get(`/api/folders/${folder}`)).status).toBe(404);
    expect((await admin.get(`/api/files/${file}`)).status).toBe(200);
    expect((await admin.get(`/api/users/${ownerId}`)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${adminId}/suspend`, {})).status).toBe(400);

    expect((await admin.post(`/api/admin/users/${ownerId}/unsuspend`, {})).status).toBe(200);
    expect((await reporter.get(`/api/files/${file}`)).status).toBe(200);
    expect((await t.client().post('/api/login', { emailOrUsername: ownerLogin.username, password: ownerLogin.password })).status).toBe(200);
  });

  it('writes every admin action to the audit log, newest first, with who and why', async () => {
    const log = (await admin.get('/api/admin/audit-log')).body as { action: string; admin: { id: number }; targetType: string; reason: string | null }[];
    expect(log.map((e) => e.action).slice(0, 2)).toEqual(['user.unsuspend', 'user.suspend']);
    expect(log.find((e) => e.action === 'user.suspend')).toMatchObject({ admin: { id: adminId }, targetType: 'user', reason: 'repeated spam' });
    expect(log.find((e) => e.action === 'report.remove' && e.reason === 'DMCA notice received')).toBeTruthy();
  });
});
