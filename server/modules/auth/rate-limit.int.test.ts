import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { startTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { newMember, signUp } from '../../../tests/helpers/test-client';
import { users } from '../../db/schema/index';

const WINDOW_SECONDS = 600;

function expectLimited(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: authMessages.tooManyAttempts });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
}

describe('auth rate limits (AUTH_RATE_LIMIT=3), direct connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '3', AUTH_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the 4th login from one address, even with the right password and a forged X-Forwarded-For', async () => {
    // The first sign-up uses one of the 3 register attempts of this address, not a login attempt.
    const m = await signUp(t.client());
    for (let i = 1; i <= 3; i++) {
      const res = await t.client().post('/api/login', { emailOrUsername: `someone${i}`, password: 'wrong-pass' }, { 'x-forwarded-for': `10.9.0.${i}` });
      expect(res.status).toBe(401);
    }
    const c = t.client();
    const res = await c.post('/api/login', { emailOrUsername: m.email, password: m.password }, { 'x-forwarded-for': '10.9.0.99' });
    expectLimited(res);
    expect(c.cookies.has('kaleido_session')).toBe(false);
  });
});

describe('auth rate limits (AUTH_RATE_LIMIT=3), behind a trusted proxy', () => {
  let t: TestApp;
  let ipCounter = 0;
  /** A fresh client address per test, so the per-address counters start at zero. */
  const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '3', AUTH_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS), TRUST_PROXY: 'on' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits login attempts per address', async () => {
    const ip = newIp();
    for (let i = 1; i <= 3; i++) {
      const res = await t.client().post('/api/login', { emailOrUsername: `nobody${i}`, password: 'wrong-pass' }, { 'x-forwarded-for': ip });
      expect(res.status).toBe(401);
    }
    expectLimited(await t.client().post('/api/login', { emailOrUsername: 'nobody4', password: 'wrong-pass' }, { 'x-forwarded-for': ip }));
    // Another address is not affected.
    expect((await t.client().post('/api/login', { emailOrUsername: 'nobody4', password: 'wrong-pass' }, { 'x-forwarded-for': newIp() })).status).toBe(401);
  });

  it('limits login attempts per account, from any address, whether named by email or username in any case', async () => {
    const m = await signUp(t.client());
    for (const id of [m.email, m.username.toUpperCase(), m.email.toUpperCase()]) {
      const res = await t.client().post('/api/login', { emailOrUsername: id, password: 'wrong-pass' }, { 'x-forwarded-for': newIp() });
      expect(res.status).toBe(401);
    }
    const c = t.client();
    expectLimited(await c.post('/api/login', { emailOrUsername: m.username, password: m.password }, { 'x-forwarded-for': newIp() }));
    expect(c.cookies.has('kaleido_session')).toBe(false);
  });

  it('limits forgot-password and sends no mail past the limit', async () => {
    const m = await signUp(t.client());
    const ip = newIp();
    for (let i = 1; i <= 3; i++) {
      expect((await t.client().post('/api/auth/forgot-password', { email: m.email }, { 'x-forwarded-for': ip })).status).toBe(200);
    }
    expectLimited(await t.client().post('/api/auth/forgot-password', { email: m.email }, { 'x-forwarded-for': ip }));
    expectLimited(await t.client().post('/api/auth/forgot-password', { email: m.email }, { 'x-forwarded-for': newIp() }));
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.outbox()).filter((x) => x.to === m.email)).toHaveLength(3);
  });

  it('limits registration per address, creating nothing past the limit', async () => {
    const ip = newIp();
    const first = newMember();
    expect((await t.client().post('/api/register', first, { 'x-forwarded-for': ip })).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await t.client().post('/api/register', first, { 'x-forwarded-for': ip })).status).toBe(409);
    const fourth = newMember();
    const c = t.client();
    expectLimited(await c.post('/api/register', fourth, { 'x-forwarded-for': ip }));
    expect(c.cookies.has('kaleido_session')).toBe(false);
    expect(await t.database.db.select().from(users).where(eq(users.email, fourth.email))).toHaveLength(0);
  });
});
