import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../../tests/helpers/test-app';
import { newMember, signUp } from '../../../tests/helpers/test-client';
import { users } from '../../db/schema/index';
import type { CounterStore } from '../../lib/throttle';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

const refused = { message: 'Cross-site request refused' };

async function userCount(email: string) {
  return (await t.database.db.select().from(users).where(eq(users.email, email))).length;
}

describe('same-origin rule for state-changing requests', () => {
  it('refuses a sign-up posted from another site, creating nothing', async () => {
    const m = newMember();
    const res = await t.client().post('/api/register', m, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused);
    expect(await userCount(m.email)).toBe(0);
  });

  it("refuses another site's logout and login with the member's cookie, leaving the session alone", async () => {
    const c = t.client();
    const m = await signUp(c);
    const before = c.cookies.get('kaleido_session');
    const out = await c.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(out.status).toBe(403);
    const login = await c.post('/api/login', { emailOrUsername: m.email, password: m.password }, { origin: 'null' });
    expect(login.status).toBe(403);
    expect(c.cookies.get('kaleido_session')).toBe(before);
    expect((await c.get('/api/user')).status).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site without an Origin', async () => {
    const m = newMember();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', headers: { 'sec-fetch-site': 'cross-site' }, payload: m });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect(await userCount(m.email)).toBe(0);
  });

  it('accepts a same-origin browser request and a non-browser client without Origin', async () => {
    const viaBrowser = await t.app.inject({ method: 'POST', url: '/api/register', headers: { 'sec-fetch-site': 'same-origin' }, payload: newMember() });
    expect(viaBrowser.statusCode).toBe(201);
    const viaScript = await t.app.inject({ method: 'POST', url: '/api/register', payload: newMember() });
    expect(viaScript.statusCode).toBe(201);
  });

  it('lets cross-site reads through (GET changes nothing)', async () => {
    const res = await t.client().get('/api/username/check/someone', { origin: 'https://evil.example' });
    expect(res.status).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP that loads nothing, nosniff and no-framing on JSON answers, errors included', async () => {
    for (const res of [await t.client().get('/api/config'), await t.client().get('/api/user'), await t.client().get('/api/nope')]) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // What only a document reads is left off an answer no browser renders as one.
      expect(res.headers.get('permissions-policy')).toBeNull();
    }
  });

  it("sends the page's own CSP and a document's headers on the app's pages", async () => {
    // A member's public profile: a page the server writes itself, built client or not.
    const member = await signUp(t.client());
    const res = await t.client().get(`/profile/${member.id}`, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});

describe('error answers', () => {
  it('answers an unknown /api path with a JSON 404 {message}, even to a browser', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await t.client().get('/api/no/such/thing', { accept });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: 'Not found' });
    }
    expect((await t.client().post('/api/no-such-call', {})).status).toBe(404);
  });

  async function rawPost(body: string, contentType: string) {
    const res = await fetch(`${t.url}/api/login`, { method: 'POST', headers: { origin: t.url, 'content-type': contentType }, body });
    return { status: res.status, body: await res.json() };
  }

  it('answers a malformed JSON body with 400 {message}', async () => {
    const res = await rawPost('{"emailOrUsername": "x", ', 'application/json');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message).not.toMatch(/\n\s+at /);
  });

  it('answers an unsupported body type with 415 and a too large body with 413, both {message}', async () => {
    const unsupported = await rawPost('<login><emailOrUsername>x</emailOrUsername></login>', 'application/xml');
    expect(unsupported.status).toBe(415);
    expect(Object.keys(unsupported.body)).toEqual(['message']);
    const huge = await rawPost(JSON.stringify({ emailOrUsername: 'x', password: 'p'.repeat(1_100_000) }), 'application/json');
    expect(huge.status).toBe(413);
    expect(Object.keys(huge.body)).toEqual(['message']);
  });

  it('answers several invalid fields with 400 and the message of the first', async () => {
    const res = await t.client().post('/api/register', { ...newMember(), username: 'x', password: '1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Username must be at least 3 characters');
  });

  it('answers an unexpected error with 500 "Internal server error" and no stack or SQL', async () => {
    // The app built around a part that fails the way a lost database would.
    const boom: CounterStore = () =>
      new Proxy({} as ReturnType<CounterStore>, {
        get: () => async () => {
          throw new Error('connection lost during SELECT password_hash FROM users');
        },
      });
    const failing = await startTestApp({}, {}, { counters: boom });
    try {
      const res = await failing.app.inject({ method: 'POST', url: '/api/login', payload: { emailOrUsername: 'a', password: 'b' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
      expect(res.body).not.toMatch(/SELECT|password_hash|\bat /);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await failing.close();
    }
  });
});

describe('OpenAPI', () => {
  it('publishes every auth call at /api/docs/json', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/user', '/api/register', '/api/login', '/api/logout', '/api/username/check/{username}',
      '/api/auth/forgot-password', '/api/auth/reset-password', '/api/auth/reset-password/validate',
    ]) expect(paths).toContain(p);
    const register = res.body.paths['/api/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['email', 'username', 'password', 'firstName', 'lastName']),
    );
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '429']));
  });
});
