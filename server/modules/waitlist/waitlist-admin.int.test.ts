import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminMessages } from '../../../contract/admin';
import { authMessages } from '../../../contract/auth';
import { users, waitlistApplications } from '../../db/schema/index';
import { waitForMail, useTestApp } from '../../../tests/helpers/test-app';
import { newMember, signUp, type TestClient } from '../../../tests/helpers/test-client';

const t = useTestApp({ REGISTRATION: 'waitlist', AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: 'chief@example.com' }, {}, { jobs: { pollingIntervalSeconds: 0.5 } });
let admin: TestClient;
let adminId: number;
beforeAll(async () => {
  admin = t.client();
  adminId = (await signUp(admin, { email: 'chief@example.com' })).id;
});

/** A waitlisted sign-up: its application's id and the credentials to try. */
async function apply(reason = 'I shoot film and want to share scans') {
  const m = newMember();
  expect((await t.client().post('/api/register', { ...m, reason })).status).toBe(202);
  const [row] = await t.database.db.select().from(waitlistApplications).where(eq(waitlistApplications.email, m.email));
  return { ...m, appId: row.id, userId: row.userId };
}
const login = (m: { email: string; password: string }) => t.client().post('/api/login', { emailOrUsername: m.email, password: m.password });
async function mailJobsTo(email: string) {
  const r = (await t.database.db.execute(sql`SELECT data FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = ${email}`)) as unknown as { rows: unknown[] };
  return r.rows;
}

describe('who may call the admin waitlist', () => {
  it('answers 401 to a visitor and 403 to a member, changing nothing', async () => {
    const target = await apply();
    const member = await apply();
    expect((await admin.put(`/api/admin/waitlist/${member.appId}/approve`)).status).toBe(200);
    const memberClient = t.client();
    expect((await memberClient.post('/api/login', { emailOrUsername: member.username, password: member.password })).status).toBe(200);

    for (const [who, c, status] of [['visitor', t.client(), 401], ['member', memberClient, 403]] as const) {
      expect((await c.get('/api/admin/waitlist')).status, who).toBe(status);
      expect((await c.put(`/api/admin/waitlist/${target.appId}/approve`)).status, who).toBe(status);
      expect((await c.put(`/api/admin/waitlist/${target.appId}/reject`)).status, who).toBe(status);
    }
    const [row] = await t.database.db.select().from(waitlistApplications).where(eq(waitlistApplications.id, target.appId));
    expect(row.status).toBe('pending');
    expect((await login(target)).status).toBe(403);
  });
});

describe('GET /api/admin/waitlist', () => {
  it('lists the spec fields, pending first, a page at a time, and by status', async () => {
    const a = await apply('Landscapes');
    const b = await apply('Portraits');
    const res = await admin.get('/api/admin/waitlist?limit=100');
    expect(res.status).toBe(200);
    const mine = res.body.find((x: { id: number }) => x.id === b.appId);
    expect(Object.keys(mine).sort()).toEqual(['approvedAt', 'createdAt', 'email', 'firstName', 'id', 'lastName', 'reason', 'status']);
    expect(mine).toMatchObject({ email: b.email, firstName: 'Test', reason: 'Portraits', status: 'pending', approvedAt: null });
    const statuses: string[] = res.body.map((x: { status: string }) => x.status);
    expect(statuses.indexOf('approved')).toBeGreaterThan(statuses.lastIndexOf('pending'));
    // Newest first among the pending.
    expect(res.body.findIndex((x: { id: number }) => x.id === b.appId)).toBeLessThan(res.body.findIndex((x: { id: number }) => x.id === a.appId));

    const page = await admin.get('/api/admin/waitlist?offset=1&limit=1');
    expect(page.body).toHaveLength(1);
    expect(page.body[0].id).toBe(res.body[1].id);
    const approved = await admin.get('/api/admin/waitlist?status=approved');
    expect(approved.body.length).toBeGreaterThan(0);
    expect(approved.body.every((x: { status: string; approvedAt: string | null }) => x.status === 'approved' && x.approvedAt)).toBe(true);
    expect((await admin.get('/api/admin/waitlist?status=maybe')).status).toBe(400);
    expect((await admin.get('/api/admin/waitlist?limit=101')).status).toBe(400);
  });
});

describe('decisions', () => {
  it('approval lets the account sign in, is mailed, and is taken once', async () => {
    const m = await apply();
    const before = await login(m);
    expect(before.status).toBe(403);
    expect(before.body).toEqual({ message: authMessages.pendingApproval });

    const res = await admin.put(`/api/admin/waitlist/${m.appId}/approve`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.appId, status: 'approved' });
    expect(Date.parse(res.body.approvedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await t.database.db.select().from(waitlistApplications).where(eq(waitlistApplications.id, m.appId));
    expect(row).toMatchObject({ decidedBy: adminId });
    expect((await t.database.db.select().from(users).where(eq(users.id, m.userId)))[0].status).toBe('active');

    const mail = await waitForMail(t, (x) => x.to === m.email);
    expect(mail.subject).toBe('Welcome to Kaleido: your application was approved');
    expect(mail.text).toContain(`${t.url}/auth?tab=login`);
    expect((await login(m)).status).toBe(200);

    for (const action of ['approve', 'reject']) {
      const again = await admin.put(`/api/admin/waitlist/${m.appId}/${action}`);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: adminMessages.alreadyApproved });
    }
    expect((await t.database.db.select().from(users).where(eq(users.id, m.userId)))[0].status).toBe('active');
    expect(await mailJobsTo(m.email)).toHaveLength(1);
  });

  it('rejection is mailed and the account never signs in', async () => {
    const m = await apply();
    const res = await admin.put(`/api/admin/waitlist/${m.appId}/reject`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', approvedAt: null });
    const mail = await waitForMail(t, (x) => x.to === m.email);
    expect(mail.subject).toBe('Your Kaleido application');
    const refused = await login(m);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: authMessages.rejected });
    const again = await admin.put(`/api/admin/waitlist/${m.appId}/approve`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: adminMessages.alreadyRejected });
    expect((await login(m)).status).toBe(403);
  });

  it('two admins deciding at once: one decision, one mail', async () => {
    const m = await apply();
    const [x, y] = await Promise.all([admin.put(`/api/admin/waitlist/${m.appId}/approve`), admin.put(`/api/admin/waitlist/${m.appId}/reject`)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await mailJobsTo(m.email)).toHaveLength(1);
  });

  it('answers 404 for an unknown application and 400 for a bad id', async () => {
    expect((await admin.put('/api/admin/waitlist/999999/approve')).body).toEqual({ message: adminMessages.notFound });
    expect((await admin.put('/api/admin/waitlist/999999/approve')).status).toBe(404);
    expect((await admin.put('/api/admin/waitlist/abc/reject')).status).toBe(400);
  });
});
