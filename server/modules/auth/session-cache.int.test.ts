import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitForMail, useTestApp } from '../../../tests/helpers/test-app';
import { signUp, TestClient } from '../../../tests/helpers/test-client';
import { sessions, users } from '../../db/schema/index';
import { createLocalBus } from '../../lib/invalidation-bus';

// Sessions are cached in process (session-cache.ts): each way a session ends must end it at
// once, on the very next request, not when the cache entry would expire.
const bus = createLocalBus();
const t = useTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { bus });

/** A second browser signed in as the same member. */
async function secondDevice(m: { email: string; password: string }): Promise<TestClient> {
  const c = t.client();
  expect((await c.post('/api/login', { emailOrUsername: m.email, password: m.password })).status).toBe(200);
  return c;
}
/** The request a client holding an old cookie would send. */
async function userWith(cookie: string): Promise<number> {
  return (await fetch(`${t.url}/api/user`, { headers: { cookie } })).status;
}

describe('cached sessions', () => {
  it('really are cached: a row deleted behind the app stays valid until announced', async () => {
    const c = t.client();
    const m = await signUp(c);
    expect((await c.get('/api/user')).status).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, m.id));
    expect((await c.get('/api/user')).status).toBe(200);
    bus.publish('user', String(m.id));
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('end at once at logout (POST and GET)', async () => {
    for (const logout of [(c: TestClient) => c.post('/api/logout'), (c: TestClient) => c.get('/api/logout')]) {
      const c = t.client();
      await signUp(c);
      const cookie = c.cookieHeader;
      expect(await userWith(cookie)).toBe(200);
      await logout(c);
      expect(await userWith(cookie)).toBe(401);
    }
  });

  it("end every other device's session at once at a password change, keeping this one", async () => {
    const c = t.client();
    const m = await signUp(c);
    const other = await secondDevice(m);
    expect((await other.get('/api/user')).status).toBe(200);
    expect((await c.put('/api/user/password', { newPassword: 'changed-pass-1' })).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(200);
  });

  it('end every session at once at a password reset', async () => {
    const c = t.client();
    const m = await signUp(c);
    expect((await c.get('/api/user')).status).toBe(200);
    await t.client().post('/api/auth/forgot-password', { email: m.email });
    const mail = await waitForMail(t, (x) => x.to === m.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
    expect((await t.client().post('/api/auth/reset-password', { token, password: 'reset-pass-22' })).status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('follow a change of account status and profile at once', async () => {
    const c = t.client();
    const m = await signUp(c);
    expect((await c.put('/api/user/profile', { firstName: 'New', lastName: 'Name', username: m.username, bio: '' })).status).toBe(200);
    expect((await c.get('/api/user')).body).toMatchObject({ firstName: 'New', lastName: 'Name' });
    // No call suspends an account yet (an admin action would add one); its write is announced so.
    await t.database.db.update(users).set({ status: 'rejected' }).where(eq(users.id, m.id));
    bus.publish('user', String(m.id));
    expect((await c.get('/api/user')).status).toBe(401);
  });
});
