import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { securityMessages } from '../../../contract/account-security';
import { authFlows, twoFactor } from '../../db/schema/index';
import { enableTwoFactor, totp } from '../../../tests/helpers/account-security';
import { useTestApp, waitForMail } from '../../../tests/helpers/test-app';
import { signedUp } from '../../../tests/helpers/test-client';

const t = useTestApp({ AUTH_RATE_LIMIT: '4' });

async function withTwoFactor() {
  const member = await signedUp(t);
  return { ...member, ...(await enableTwoFactor(member.client)) };
}

/** A fresh browser that typed the right password: it holds the pending sign-in's cookie only. */
async function passwordStep(m: { username: string; password: string }) {
  const client = t.client();
  const res = await client.post('/api/login', { emailOrUsername: m.username, password: m.password });
  return { client, res };
}

describe('turning two-factor on', () => {
  it('answers a secret and its otpauth URL, refuses a wrong first code, then gives ten recovery codes once', async () => {
    const { client } = await signedUp(t);
    const setup = await client.post('/api/user/2fa/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Kaleido:.+secret=[A-Z2-7]+/);
    expect(setup.body.otpauthUrl).toContain('issuer=Kaleido');

    const wrong = await client.post('/api/user/2fa/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect((await client.get('/api/user/security')).body.twoFactorEnabled).toBe(false);

    const enabled = await client.post('/api/user/2fa/enable', { code: await totp(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    for (const code of enabled.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    const status = (await client.get('/api/user/security')).body;
    expect(status).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });

    // On is on: a second set-up would replace the secret behind the member's back.
    expect((await client.post('/api/user/2fa/setup')).status).toBe(409);
  });

  it('stores the secret sealed, never as the text the app was shown', async () => {
    const { id, secret } = await withTwoFactor();
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, id));
    expect(row.secret).not.toContain(secret);
    expect(row.secret).toMatch(/^v1\./);
  });
});

describe('signing in with two-factor on', () => {
  it('answers { twoFactorRequired: true } and no session to the right password; the code then signs in', async () => {
    const m = await withTwoFactor();
    const { client, res } = await passwordStep(m);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true });
    expect(client.cookies.has('kaleido_session')).toBe(false);
    expect(client.cookies.has('kaleido_2fa')).toBe(true);

    const done = await client.post('/api/login/2fa', { code: await totp(m.secret, 1) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: m.id, username: m.username });
    expect(client.cookies.has('kaleido_2fa')).toBe(false);
    expect((await client.get('/api/user')).body.id).toBe(m.id);
  });

  it('lets a pending sign-in reach no member endpoint, whatever cookie it holds', async () => {
    const m = await withTwoFactor();
    const { client } = await passwordStep(m);
    const token = client.cookies.get('kaleido_2fa')!;
    // The pending token presented as a session cookie, too.
    client.cookies.set('kaleido_session', token);
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/user/sessions'],
      ['GET', '/api/user/security'],
      ['GET', '/api/notifications'],
      ['GET', `/api/users/${m.id}`],
      ['POST', '/api/user/2fa/setup'],
      ['POST', '/api/folders'],
    ] as const) {
      const res = await client.request(method, path, method === 'POST' ? { name: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses a code used once already (replay), from another browser as from the same', async () => {
    const m = await withTwoFactor();
    const code = await totp(m.secret, 1);
    const first = await passwordStep(m);
    expect((await first.client.post('/api/login/2fa', { code })).status).toBe(200);
    const second = await passwordStep(m);
    const replay = await second.client.post('/api/login/2fa', { code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(securityMessages.invalidCode);
    expect(second.client.cookies.has('kaleido_session')).toBe(false);
  });

  it('takes each recovery code once, in any spelling, and counts what is left', async () => {
    const m = await withTwoFactor();
    const [code] = m.recoveryCodes;
    const first = await passwordStep(m);
    expect((await first.client.post('/api/login/2fa', { code: ` ${code.toUpperCase().replace(/-/g, ' ')} ` })).status).toBe(200);
    expect((await first.client.get('/api/user/security')).body.recoveryCodesLeft).toBe(9);

    const again = await passwordStep(m);
    expect((await again.client.post('/api/login/2fa', { code })).status).toBe(401);
  });

  it('needs the browser that typed the password, within 5 minutes', async () => {
    const m = await withTwoFactor();
    const { client } = await passwordStep(m);
    // Another browser with the right code but no pending sign-in.
    const stranger = t.client();
    const res = await stranger.post('/api/login/2fa', { code: await totp(m.secret, 1) });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(securityMessages.twoFactorExpired);

    await t.database.db.update(authFlows).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(authFlows.userId, m.id));
    const late = await client.post('/api/login/2fa', { code: await totp(m.secret, 1) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(securityMessages.twoFactorExpired);
  });

  it('counts wrong codes against the sign-in throttle like wrong passwords', async () => {
    const m = await withTwoFactor();
    const statuses: number[] = [];
    // Password steps spend too: the pair (account, address) has AUTH_RATE_LIMIT = 4 points.
    const { client } = await passwordStep(m);
    for (let i = 0; i < 4; i++) statuses.push((await client.post('/api/login/2fa', { code: '000000' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Refused before the code is looked at: the right one waits for the window too.
    expect((await client.post('/api/login/2fa', { code: await totp(m.secret, 1) })).status).toBe(429);
  });
});

describe('the recent-sign-in proof', () => {
  it('counts wrong passwords against the sign-in throttle: a borrowed session guesses no faster than the door', async () => {
    const m = await signedUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await m.client.post('/api/user/reauthenticate', { password: 'not-it' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect((await m.client.get('/api/user')).status).toBe(200);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('asks a current code, then signs in with the password alone', async () => {
    const m = await withTwoFactor();
    expect((await m.client.post('/api/user/2fa/disable', { code: '123456' })).status).toBe(400);
    const off = await m.client.post('/api/user/2fa/disable', { code: await totp(m.secret, 1) });
    expect(off.status).toBe(200);
    expect((await m.client.get('/api/user/security')).body).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
    const { res } = await passwordStep(m);
    expect(res.body).toMatchObject({ id: m.id });
  });

  it('replaces the recovery codes for a current code: the old ones stop working', async () => {
    const m = await withTwoFactor();
    const fresh = await m.client.post('/api/user/2fa/recovery-codes', { code: await totp(m.secret, 1) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const old = await passwordStep(m);
    expect((await old.client.post('/api/login/2fa', { code: m.recoveryCodes[1] })).status).toBe(401);
    const next = await passwordStep(m);
    expect((await next.client.post('/api/login/2fa', { code: fresh.body.recoveryCodes[0] })).status).toBe(200);
  });

  it('stays on after a password reset by mail', async () => {
    const m = await withTwoFactor();
    await t.client().post('/api/auth/forgot-password', { email: m.email });
    const mail = await waitForMail(t, (x) => x.to === m.email && /Reset your Kaleido password/.test(x.subject));
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    expect((await t.client().post('/api/auth/reset-password', { token, password: 'another-secret-1' })).status).toBe(200);
    const { res } = await passwordStep({ username: m.username, password: 'another-secret-1' });
    expect(res.body).toEqual({ twoFactorRequired: true });
  });
});

