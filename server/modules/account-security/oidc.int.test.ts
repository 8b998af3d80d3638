import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { oidcIdentities, users } from '../../db/schema/index';
import { ageProof } from '../../../tests/helpers/account-security';
import { createTestProvider, throughProvider, type OidcAccount, type TestProvider } from '../../../tests/helpers/oidc-provider';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signedUp, type TestClient } from '../../../tests/helpers/test-client';

let provider: TestProvider;
const t = useTestApp(async () => {
  provider = await createTestProvider();
  return {
    env: {
      AUTH_RATE_LIMIT: '1000',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Authentik',
      OIDC_ALLOW_HTTP: 'true',
    },
    cleanup: () => provider.close(),
  };
});
beforeAll(async () => {
  await provider.listen(t.url);
});

let subjects = 0;
function account(over: Partial<OidcAccount> = {}): OidcAccount {
  subjects += 1;
  return { sub: `sub-${Date.now()}-${subjects}`, email: `sso${Date.now()}${subjects}@example.com`, email_verified: true, given_name: 'Ana', family_name: 'Lima', ...over };
}

/** The browser's whole round trip: start, the provider (optionally tampering with its URL), the callback. */
async function roundTrip(client: TestClient, who: OidcAccount, opts: { tamper?: (url: URL) => void; start?: string } = {}) {
  provider.signInAs(who);
  const start = await client.get(opts.start ?? '/api/auth/oidc/start');
  expect(start.status).toBe(302);
  const authorization = new URL(start.headers.get('location')!);
  opts.tamper?.(authorization);
  const back = new URL(await throughProvider(authorization.href, t.url));
  return client.get(back.pathname + back.search);
}

const location = (res: { headers: Headers }) => res.headers.get('location');

describe('single sign-on: the start', () => {
  it('is offered by its name and sends the browser to the provider with PKCE, state and nonce', async () => {
    expect((await t.client().get('/api/config')).body.ssoName).toBe('Authentik');
    const client = t.client();
    const res = await client.get('/api/auth/oidc/start?returnTo=https://evil.example/');
    expect(res.status).toBe(302);
    const url = new URL(location(res)!);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/oidc/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.href).not.toContain('evil');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('kaleido_sso='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc/);
  });
});

describe('single sign-on: the callback', () => {
  it('creates an account with a free username from the claims, then signs the same member in again', async () => {
    const taken = await signedUp(t, { username: `ana_${subjects}x` });
    const who = account({ preferred_username: taken.username });
    const client = t.client();
    const res = await roundTrip(client, who);
    expect(res.status).toBe(302);
    expect(location(res)).toBe('/');
    const me = (await client.get('/api/user')).body;
    expect(me).toMatchObject({ email: who.email, firstName: 'Ana', lastName: 'Lima' });
    expect(me.username).toBe(`${taken.username}2`);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row.passwordHash).toBeNull();
    expect((await client.get('/api/user/security')).body).toMatchObject({ hasPassword: false, sso: { name: 'Authentik', linked: true }, recentSignIn: true });

    const again = t.client();
    expect(location(await roundTrip(again, who))).toBe('/');
    expect((await again.get('/api/user')).body.id).toBe(me.id);
  });

  it('refuses a state that is not the one this browser sent', async () => {
    const client = t.client();
    const res = await roundTrip(client, account(), { tamper: (url) => url.searchParams.set('state', 'another-state-entirely-of-some-length') });
    expect(location(res)).toBe('/auth?tab=login&sso=failed');
    expect(client.cookies.has('kaleido_session')).toBe(false);
  });

  it('refuses an ID token whose nonce is not the one this browser sent', async () => {
    const client = t.client();
    const who = account();
    const res = await roundTrip(client, who, { tamper: (url) => url.searchParams.set('nonce', 'another-nonce-entirely-of-some-length') });
    expect(location(res)).toBe('/auth?tab=login&sso=failed');
    expect(client.cookies.has('kaleido_session')).toBe(false);
    expect(await t.database.db.select().from(users).where(eq(users.email, who.email!))).toEqual([]);
  });

  it('refuses an email the provider has not verified: no account is made or linked', async () => {
    const existing = await signedUp(t);
    for (const who of [account({ email_verified: false }), account({ email: existing.email, email_verified: false }), account({ email: undefined })]) {
      const client = t.client();
      const res = await roundTrip(client, who);
      expect(location(res)).toBe('/auth?tab=login&sso=unverified');
      expect(client.cookies.has('kaleido_session')).toBe(false);
      expect(await t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, who.sub))).toEqual([]);
    }
  });

  it('links to an account with the same verified email only after a password sign-in in that browser', async () => {
    const m = await signedUp(t);
    const who = account({ email: m.email.toUpperCase() });
    const browser = t.client();
    const res = await roundTrip(browser, who);
    expect(location(res)).toBe('/auth?tab=login&sso=link');
    expect(browser.cookies.has('kaleido_session')).toBe(false);

    // Another browser's password sign-in links nothing.
    await t.client().post('/api/login', { emailOrUsername: m.username, password: m.password });
    expect(await t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, who.sub))).toEqual([]);

    expect((await browser.post('/api/login', { emailOrUsername: m.username, password: m.password })).status).toBe(200);
    const [link] = await t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, who.sub));
    expect(link.userId).toBe(m.id);

    const next = t.client();
    expect(location(await roundTrip(next, who))).toBe('/');
    expect((await next.get('/api/user')).body.id).toBe(m.id);
  });

  it('respects waitlist mode: the new account is an application, and signs in only once approved', async () => {
    t.config.registration = 'waitlist';
    try {
      const who = account();
      const client = t.client();
      expect(location(await roundTrip(client, who))).toBe('/auth?tab=login&sso=waitlisted');
      expect(client.cookies.has('kaleido_session')).toBe(false);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, who.email!));
      expect(row.status).toBe('pending');
      expect(location(await roundTrip(t.client(), who))).toBe('/auth?tab=login&sso=pending');
    } finally {
      t.config.registration = 'open';
    }
  });

  it('is not an open redirect: whatever the query names, it answers with the app’s own screens', async () => {
    const client = t.client();
    for (const query of ['?returnTo=https://evil.example/', '?next=//evil.example', '?redirect_uri=https://evil.example/&code=x&state=y', '']) {
      const res = await client.get(`/api/auth/oidc/callback${query}`);
      expect(res.status).toBe(302);
      expect(location(res)).toBe('/auth?tab=login&sso=failed');
    }
    const res = await roundTrip(client, account(), { start: '/api/auth/oidc/start?returnTo=https%3A%2F%2Fevil.example%2F' });
    expect(location(res)).toBe('/');
  });

  it('proves a signed-in member again (intent=reauth), back to Settings', async () => {
    const who = account();
    const client = t.client();
    await roundTrip(client, who);
    const me = (await client.get('/api/user')).body;
    await ageProof(t, me.id, 11);
    expect((await client.get('/api/user/security')).body.recentSignIn).toBe(false);
    const res = await roundTrip(client, who, { start: '/api/auth/oidc/start?intent=reauth' });
    expect(location(res)).toBe('/settings#security');
    expect((await client.get('/api/user/security')).body.recentSignIn).toBe(true);
    // Another provider account proves nothing for this member.
    await ageProof(t, me.id, 11);
    expect(location(await roundTrip(client, account(), { start: '/api/auth/oidc/start?intent=reauth' }))).toBe('/auth?tab=login&sso=failed');
    expect((await client.get('/api/user/security')).body.recentSignIn).toBe(false);
  });
});
