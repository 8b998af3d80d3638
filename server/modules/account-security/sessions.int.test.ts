import { describe, expect, it } from 'vitest';
import { securityMessages } from '../../../contract/account-security';
import { ageProof, enableTwoFactor, openLiveStream, settlesWithin, totp } from '../../../tests/helpers/account-security';
import { useTestApp, waitForMail } from '../../../tests/helpers/test-app';
import { signedUp, TestClient } from '../../../tests/helpers/test-client';

// Behind a proxy, so a test can sign in from another address (X-Forwarded-For).
const t = useTestApp({ AUTH_RATE_LIMIT: '1000', TRUST_PROXY: 'on' });

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Another browser of the member, signed in with the password and saying it is `userAgent`. */
async function signInAs(m: { username: string; password: string }, userAgent: string, ip?: string): Promise<TestClient> {
  const client = t.client();
  const headers: Record<string, string> = { 'user-agent': userAgent, ...(ip ? { 'x-forwarded-for': ip } : {}) };
  const res = await client.post('/api/login', { emailOrUsername: m.username, password: m.password }, headers);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return client;
}

describe('devices and sessions', () => {
  it('lists every session with its browser, system, address and dates, marking this device', async () => {
    const m = await signedUp(t);
    await signInAs(m, CHROME_MAC);
    await signInAs(m, FIREFOX_LINUX);
    const res = await m.client.get('/api/user/sessions');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Chrome', system: 'macOS', address: '127.0.0.1', current: false }),
        expect.objectContaining({ browser: 'Firefox', system: 'Linux', current: false }),
      ]),
    );
    for (const s of res.body) {
      expect(Object.keys(s).sort()).toEqual(['address', 'browser', 'createdAt', 'current', 'id', 'lastSeenAt', 'system']);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
  });

  it('ends one session at once, its live stream too, and not another member’s', async () => {
    const m = await signedUp(t);
    const phone = await signInAs(m, CHROME_MAC);
    const stream = await openLiveStream(t.url, phone);
    expect(stream.status).toBe(200);
    const phoneSession = (await m.client.get('/api/user/sessions')).body.find((s: { browser: string }) => s.browser === 'Chrome');

    const other = await signedUp(t);
    expect((await other.client.delete(`/api/user/sessions/${phoneSession.id}`)).status).toBe(404);
    expect((await phone.get('/api/user')).status).toBe(200);

    expect((await m.client.delete(`/api/user/sessions/${phoneSession.id}`)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect(await settlesWithin(stream.ended, 2000)).toBe(true);
    expect((await m.client.get('/api/user')).status).toBe(200);
    expect((await m.client.delete(`/api/user/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it('signs out everywhere else and keeps this one', async () => {
    const m = await signedUp(t);
    const a = await signInAs(m, CHROME_MAC);
    const b = await signInAs(m, FIREFOX_LINUX);
    const stream = await openLiveStream(t.url, b);
    expect((await m.client.delete('/api/user/sessions')).status).toBe(200);
    expect((await a.get('/api/user')).status).toBe(401);
    expect((await b.get('/api/user')).status).toBe(401);
    expect(await settlesWithin(stream.ended, 2000)).toBe(true);
    const left = (await m.client.get('/api/user/sessions')).body;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });
});

describe('the new sign-in mail', () => {
  const subject = 'New sign-in to your Kaleido account';
  const mailsTo = async (email: string) => (await t.outbox()).filter((x) => x.to === email && x.subject === subject);

  it('is sent for a device and an address never seen, not for a browser that signed in before', async () => {
    const m = await signedUp(t);
    // The sign-up's browser signing in again: its device cookie is known.
    await m.client.post('/api/login', { emailOrUsername: m.username, password: m.password });
    // A new browser from the sign-up's address: the address is known.
    await signInAs(m, CHROME_MAC);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(m.email)).toHaveLength(0);

    // A new browser from a new address: mailed on the security queue, once.
    await signInAs(m, FIREFOX_LINUX, '203.0.113.9');
    const mail = await waitForMail(t, (x) => x.to === m.email && x.subject === subject);
    expect(mail.text).toContain('Firefox on Linux');
    expect(mail.text).toContain('203.0.113.9');
    expect(mail.text).toContain(`${t.config.publicUrl}/settings#security`);
    await signInAs(m, FIREFOX_LINUX, '203.0.113.9');
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(m.email)).toHaveLength(1);
  });
});

describe('the recent sign-in', () => {
  it('answers 403 { reauthenticate: true } to an email or password change 10 minutes after the last proof', async () => {
    const m = await signedUp(t);
    await ageProof(t, m.id, 11);
    const email = await m.client.put('/api/user/email', { email: `new.${m.email}` });
    expect(email.status).toBe(403);
    expect(email.body).toEqual({ message: securityMessages.reauthenticate, reauthenticate: true });
    expect((await m.client.put('/api/user/password', { newPassword: 'another-one' })).status).toBe(403);
    for (const path of ['/api/user/2fa/setup', '/api/user/passkeys/options']) expect((await m.client.post(path)).status, path).toBe(403);
    expect((await m.client.get('/api/user')).body.email).toBe(m.email.toLowerCase());
    expect((await m.client.get('/api/user/security')).body.recentSignIn).toBe(false);
  });

  it('lets the change through after the password again; a wrong one is a 400, not a sign-out', async () => {
    const m = await signedUp(t);
    await ageProof(t, m.id, 11);
    const wrong = await m.client.post('/api/user/reauthenticate', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(securityMessages.wrongPassword);
    const right = await m.client.post('/api/user/reauthenticate', { password: m.password });
    expect(right.status).toBe(200);
    expect(right.body.recentSignIn).toBe(true);
    expect((await m.client.put('/api/user/email', { email: `new.${m.email}` })).status).toBe(200);
  });

  it('takes a two-factor code as proof, and counts only for the session that gave it', async () => {
    const m = await signedUp(t);
    const { secret, recoveryCodes } = await enableTwoFactor(m.client);
    const laptop = t.client();
    expect((await laptop.post('/api/login', { emailOrUsername: m.username, password: m.password })).body).toEqual({ twoFactorRequired: true });
    expect((await laptop.post('/api/login/2fa', { code: recoveryCodes[0] })).status).toBe(200);
    await ageProof(t, m.id, 11);
    expect((await m.client.post('/api/user/reauthenticate', { code: await totp(secret) })).status).toBe(200);
    expect((await m.client.post('/api/user/2fa/recovery-codes', { code: await totp(secret, 1) })).status).toBe(200);
    expect((await laptop.put('/api/user/password', { newPassword: 'another-one' })).status).toBe(403);
  });
});
