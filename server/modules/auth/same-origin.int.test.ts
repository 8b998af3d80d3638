import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/test-app';
import { newMember, signUp, type TestClient } from '../../../tests/helpers/test-client';

// GET /api/logout is a link the spec keeps, so it is the one GET that changes state: another
// site's link or image must not sign a member out. And "our origin" is PUBLIC_URL, never Host.
const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

const refused = { message: 'Cross-site request refused' };

/** A navigation as a browser sends it: no Origin on a GET, only the fetch metadata. */
async function navigateToLogout(c: TestClient, headers: Record<string, string>) {
  const res = await fetch(`${t.url}/api/logout`, { headers: { cookie: c.cookieHeader, ...headers }, redirect: 'manual' });
  return { status: res.status, body: res.status === 403 ? await res.json() : null };
}

async function stillSignedIn(c: TestClient): Promise<boolean> {
  return (await c.get('/api/user')).status === 200;
}

describe('GET /api/logout', () => {
  it('refuses a cross-site or same-site navigation and keeps the session', async () => {
    const c = t.client();
    await signUp(c);
    for (const site of ['cross-site', 'same-site']) {
      const res = await navigateToLogout(c, { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refused);
    }
    expect(await stillSignedIn(c)).toBe(true);
  });

  it('refuses an old browser whose Referer or Origin names another site', async () => {
    const c = t.client();
    await signUp(c);
    expect((await navigateToLogout(c, { referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await navigateToLogout(c, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await stillSignedIn(c)).toBe(true);
  });

  it('signs out from our own page (same-origin) and from a typed address (none)', async () => {
    const cases: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { referer: `${t.url}/settings` }, {}];
    for (const headers of cases) {
      const c = t.client();
      await signUp(c);
      const res = await navigateToLogout(c, headers);
      expect(res.status).toBe(302);
      expect(await stillSignedIn(c)).toBe(false);
    }
  });
});

describe('state-changing requests compare Origin with PUBLIC_URL', () => {
  it('refuses an Origin that only matches the Host header the attacker chose', async () => {
    const m = newMember();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', headers: { origin: 'http://evil.example', host: 'evil.example' }, payload: m });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
  });

  it('accepts PUBLIC_URL whatever the Host header says', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: new URL(t.config.publicUrl).origin, host: 'internal-name:8080' },
      payload: newMember(),
    });
    expect(res.statusCode).toBe(201);
  });
});
