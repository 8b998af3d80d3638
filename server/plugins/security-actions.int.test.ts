import { describe, expect, it } from 'vitest';
import { tooManyWritesMessage } from '../../contract/common';
import { useTestApp } from '../../tests/helpers/test-app';
import { signedUp, type TestClient, type TestResponse } from '../../tests/helpers/test-client';

// Signing out, changing password or e-mail and ending sessions are never refused by a budget
// other calls spend (docs/decisions/026): a thief's writes from a second session cannot lock
// the owner out of them. Their own limits stay, per action and per session. Production
// budgets (WRITE_BUDGET_SCALE 1).

function expectRefused(res: TestResponse) {
  expect(res.status, res.text).toBe(429);
  expect(res.body).toEqual({ message: tooManyWritesMessage });
}

describe('security actions against a stolen session', () => {
  const t = useTestApp({ WRITE_BUDGET_SCALE: '1', AUTH_RATE_LIMIT: '1000' });

  async function ownerAndThief(): Promise<{ owner: TestClient; thief: TestClient; username: string; password: string; email: string }> {
    const me = await signedUp(t);
    const thief = t.client();
    expect((await thief.post('/api/login', { emailOrUsername: me.email, password: me.password })).status).toBe(200);
    return { owner: me.client, thief, username: me.username, password: me.password, email: me.email };
  }
  const profile = (c: TestClient, username: string, i: number) => c.put('/api/user/profile', { firstName: `Thief${i}`, lastName: null, username, bio: null });

  it('50 profile writes from the thief leave the owner free to change password and e-mail', async () => {
    const { owner, thief, username } = await ownerAndThief();
    for (let i = 0; i < 50; i++) await profile(thief, username, i);
    expectRefused(await profile(thief, username, 51));
    // The shared `account` budget is spent for the hour; the owner's own profile edit is refused too…
    expectRefused(await profile(owner, username, 52));
    // …but not what secures the account.
    const password = await owner.put('/api/user/password', { newPassword: 'a-new-secret-456' });
    expect(password.status, password.text).toBe(200);
    const email = await owner.put('/api/user/email', { email: `moved-${Date.now()}@example.com` });
    expect(email.status, email.text).toBe(200);
  });

  it('300 writes a minute from the thief: the owner still signs out and ends the thief\'s session', async () => {
    const { owner, thief } = await ownerAndThief();
    for (let i = 0; i < 300; i += 30) await Promise.all(Array.from({ length: 30 }, () => thief.put('/api/notifications/mark-all-read')));
    expectRefused(await thief.put('/api/notifications/mark-all-read'));
    expectRefused(await owner.put('/api/notifications/mark-all-read'));

    const ended = await owner.delete('/api/user/sessions');
    expect(ended.status, ended.text).toBe(200);
    expect((await thief.get('/api/user')).status).toBe(401);
    const out = await owner.post('/api/logout');
    expect(out.status, out.text).toBe(200);
    expect((await owner.get('/api/user')).status).toBe(401);
  });

  it("the thief's attempts spend only its own session's limit; the owner keeps theirs", async () => {
    const { owner, thief } = await ownerAndThief();
    const taken = (await signedUp(t)).email;
    for (let i = 0; i < 10; i++) expect((await thief.put('/api/user/email', { email: taken })).status).toBe(409);
    expectRefused(await thief.put('/api/user/email', { email: taken }));
    expect((await owner.put('/api/user/email', { email: `mine-${Date.now()}@example.com` })).status).toBe(200);
    // The owner's own limit per action stays: ten password changes a minute, then 429.
    for (let i = 0; i < 10; i++) expect((await owner.put('/api/user/password', { newPassword: `owner-secret-${i}00` })).status).toBe(200);
    expectRefused(await owner.put('/api/user/password', { newPassword: 'owner-secret-last' }));
    // Signing out spends no budget at all: after 400 more writes it still ends the session.
    for (let i = 0; i < 400; i += 40) await Promise.all(Array.from({ length: 40 }, () => owner.put('/api/notifications/mark-all-read')));
    expect((await owner.post('/api/logout')).status).toBe(200);
    expect((await owner.get('/api/user')).status).toBe(401);
  });
});

describe('the data archive has a budget of its own', () => {
  const t = useTestApp({ WRITE_BUDGET_SCALE: '1', AUTH_RATE_LIMIT: '1000', WORKERS: '0' });

  it('three requests a minute; the fourth is 429 and starts no build', async () => {
    const me = await signedUp(t);
    for (let i = 0; i < 3; i++) {
      const res = await me.client.post('/api/user/archive');
      expect([202, 409], res.text).toContain(res.status);
      // Not built (WORKERS=0): the next request would be 409; a finished one is replaced instead.
      await t.database.db.execute(`UPDATE member_archives SET status = 'failed' WHERE user_id = ${me.id}` as never);
    }
    expectRefused(await me.client.post('/api/user/archive'));
    const rows = (await t.database.db.execute(`SELECT count(*)::int AS n FROM member_archives WHERE user_id = ${me.id}` as never)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBe(1);
    expect((await t.app.jobs.findJobs('member-archive.requested')).length).toBe(3);
  });
});
