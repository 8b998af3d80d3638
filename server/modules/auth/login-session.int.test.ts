import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { SESSION_TTL_MS } from '../../../contract/limits';
import { useTestApp, waitForMail } from '../../../tests/helpers/test-app';
import { signUp, TestClient } from '../../../tests/helpers/test-client';
import { sessions } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';

const COOKIE = 'kaleido_session';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

/** The attributes of the session cookie a response sets, lower-cased names. */
function sessionCookie(res: { headers: Headers }) {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
  if (!raw) return null;
  const [pair, ...attrs] = raw.split(';').map((s) => s.trim());
  const map = new Map(attrs.map((a) => [a.split('=')[0].toLowerCase(), a.includes('=') ? a.slice(a.indexOf('=') + 1) : true] as const));
  return { value: pair.slice(COOKIE.length + 1), attrs: map, raw };
}

/** A browser that carries only this session token. */
function browserWith(token: string): TestClient {
  const c = t.client();
  c.cookies.set(COOKIE, token);
  return c;
}

async function sessionRows(token: string) {
  return t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

describe('POST /api/login', () => {
  it('signs in with the email or the username, in any case', async () => {
    const m = await signUp(t.client());
    for (const id of [m.email, m.email.toUpperCase(), m.username, m.username.toUpperCase(), `  ${m.username}  `]) {
      const c = t.client();
      const res = await c.post('/api/login', { emailOrUsername: id, password: m.password });
      expect(res.status, id).toBe(200);
      expect(res.body).toMatchObject({ id: m.id, username: m.username, email: m.email });
      expect(res.text).not.toMatch(/password|hash|token/i);
      expect((await c.get('/api/user')).body.id).toBe(m.id);
    }
  });

  it('answers the same 401 for a wrong password and for an unknown account, and sets no cookie', async () => {
    const m = await signUp(t.client());
    const attempts = [
      { emailOrUsername: m.email, password: 'wrong-password' },
      { emailOrUsername: m.username, password: 'wrong-password' },
      { emailOrUsername: 'nobody@example.com', password: m.password },
      { emailOrUsername: 'nobody_here', password: m.password },
    ];
    for (const body of attempts) {
      const c = t.client();
      const res = await c.post('/api/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: authMessages.invalidCredentials });
      expect(sessionCookie(res)).toBeNull();
      expect((await c.get('/api/user')).status).toBe(401);
    }
  });

  it('gives the spec messages for missing fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ emailOrUsername: '', password: 'x' }, authMessages.emailOrUsernameRequired],
      [{ emailOrUsername: '   ', password: 'x' }, authMessages.emailOrUsernameRequired],
      [{ password: 'x' }, authMessages.emailOrUsernameRequired],
      [{ emailOrUsername: 'someone', password: '' }, authMessages.passwordRequired],
      [{ emailOrUsername: 'someone' }, authMessages.passwordRequired],
    ];
    for (const [body, message] of cases) {
      const res = await t.client().post('/api/login', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie lasting the session lifetime, not Secure over http', async () => {
    const m = await signUp(t.client());
    const res = await t.client().post('/api/login', { emailOrUsername: m.email, password: m.password });
    const cookie = sessionCookie(res)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    expect(cookie.attrs.get('httponly')).toBe(true);
    expect(cookie.attrs.get('samesite')).toBe('Lax');
    expect(cookie.attrs.get('path')).toBe('/');
    expect(Number(cookie.attrs.get('max-age'))).toBe(SESSION_TTL_MS / 1000);
    expect(cookie.attrs.has('secure')).toBe(false);
    // Stored hashed: the database never holds the cookie's value.
    expect(await sessionRows(cookie.value)).toHaveLength(1);
    const all = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id));
    expect(all.map((s) => s.tokenHash)).not.toContain(cookie.value);
  });

  it('rotates the session: the browser gets a new token and its old one stops working', async () => {
    const c = t.client();
    const m = await signUp(c);
    const before = c.cookies.get(COOKIE)!;
    const res = await c.post('/api/login', { emailOrUsername: m.username, password: m.password });
    expect(res.status).toBe(200);
    const after = c.cookies.get(COOKIE)!;
    expect(after).not.toBe(before);
    expect((await c.get('/api/user')).status).toBe(200);
    expect((await browserWith(before).get('/api/user')).status).toBe(401);
    expect(await sessionRows(before)).toHaveLength(0);
  });

  it('keeps the sessions of the member on other browsers', async () => {
    const a = t.client();
    const m = await signUp(a);
    const b = t.client();
    expect((await b.post('/api/login', { emailOrUsername: m.email, password: m.password })).status).toBe(200);
    expect((await a.get('/api/user')).status).toBe(200);
    expect((await b.get('/api/user')).status).toBe(200);
  });

  it('ignores a forged or unknown cookie', async () => {
    expect((await browserWith('x'.repeat(43)).get('/api/user')).status).toBe(401);
    expect((await browserWith('y'.repeat(500)).get('/api/user')).status).toBe(401);
  });
});

describe('GET /api/login', () => {
  it('redirects to the login tab', async () => {
    const res = await t.client().get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?tab=login');
  });
});

describe('logout', () => {
  it('GET /api/logout ends the session server-side, clears the cookie and redirects to /', async () => {
    const c = t.client();
    const m = await signUp(c);
    const other = t.client();
    await other.post('/api/login', { emailOrUsername: m.email, password: m.password });
    const token = c.cookies.get(COOKIE)!;

    const res = await c.get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.raw).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    expect((await c.get('/api/user')).status).toBe(401);
    expect((await browserWith(token).get('/api/user')).status).toBe(401); // the old token replayed
    expect(await sessionRows(token)).toHaveLength(0);
    expect((await other.get('/api/user')).status).toBe(200); // only this browser signed out
  });

  it('POST /api/logout does the same and answers JSON', async () => {
    const c = t.client();
    await signUp(c);
    const token = c.cookies.get(COOKIE)!;
    const res = await c.post('/api/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    expect(sessionCookie(res)!.value).toBe('');
    expect((await browserWith(token).get('/api/user')).status).toBe(401);
    expect(await sessionRows(token)).toHaveLength(0);
  });

  it('is harmless when signed out', async () => {
    expect((await t.client().get('/api/logout')).status).toBe(302);
    expect((await t.client().post('/api/logout')).status).toBe(200);
  });
});

describe('GET /api/username/check/{username}', () => {
  it('says available, taken (in any case) or invalid, with a message', async () => {
    const m = await signUp(t.client());
    const check = async (name: string) => {
      const res = await t.client().get(`/api/username/check/${encodeURIComponent(name)}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(await check('free_name_42')).toEqual({ available: true, message: authMessages.usernameAvailable });
    expect(await check(m.username)).toEqual({ available: false, message: authMessages.usernameTaken });
    expect(await check(m.username.toUpperCase())).toEqual({ available: false, message: authMessages.usernameTaken });
    expect(await check('ab')).toEqual({ available: false, message: authMessages.usernameMin });
    expect(await check('a'.repeat(21))).toEqual({ available: false, message: authMessages.usernameMax });
    expect(await check('bad-name')).toEqual({ available: false, message: authMessages.usernameChars });
    expect(await check('bad name')).toEqual({ available: false, message: authMessages.usernameChars });
  });
});

describe('behind HTTPS (PUBLIC_URL https://…)', () => {
  const h = useTestApp({ PUBLIC_URL: 'https://kaleido.example', AUTH_RATE_LIMIT: '1000' });
  beforeAll(async () => {
    // The harness points publicUrl at its ephemeral port for mail links; put PUBLIC_URL back.
    h.config.publicUrl = 'https://kaleido.example';
  });
  // Behind the proxy the browser names PUBLIC_URL as its origin, whatever address it reached.
  const client = () => new TestClient(h.url, 'https://kaleido.example');

  it('marks the session cookie Secure, also when clearing it', async () => {
    const c = client();
    const m = await signUp(c);
    const res = await c.post('/api/login', { emailOrUsername: m.email, password: m.password });
    expect(sessionCookie(res)!.attrs.get('secure')).toBe(true);
    expect(sessionCookie(res)!.attrs.get('httponly')).toBe(true);
    const out = await c.post('/api/logout');
    expect(sessionCookie(out)!.attrs.get('secure')).toBe(true);
  });

  it('builds the reset link from PUBLIC_URL', async () => {
    const m = await signUp(client());
    expect((await client().post('/api/auth/forgot-password', { email: m.email })).status).toBe(200);
    const mail = await waitForMail(h, (x) => x.to === m.email);
    expect(mail.text).toMatch(/https:\/\/kaleido\.example\/reset-password\?token=[A-Za-z0-9_-]{43}(\s|$)/);
  });
});
