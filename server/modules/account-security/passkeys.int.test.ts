import { describe, expect, it } from 'vitest';
import { securityMessages } from '../../../contract/account-security';
import { ageProof, enableTwoFactor } from '../../../tests/helpers/account-security';
import { softAuthenticator } from '../../../tests/helpers/soft-authenticator';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signedUp, type TestClient } from '../../../tests/helpers/test-client';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A member with a passkey registered from "Chrome on macOS". */
async function withPasskey() {
  const m = await signedUp(t);
  const key = softAuthenticator(t.config.publicUrl);
  const options = await m.client.post('/api/user/passkeys/options');
  expect(options.status).toBe(200);
  const added = await m.client.request('POST', '/api/user/passkeys', { response: key.register(options.body) }, { 'user-agent': CHROME_MAC });
  expect(added.status).toBe(201);
  return { ...m, key, passkey: added.body };
}

/** A fresh browser signing in with `key`, its counter at `counter`. */
async function passkeySignIn(key: ReturnType<typeof softAuthenticator>, counter: number, client: TestClient = t.client()) {
  const options = await client.post('/api/login/passkey/options');
  expect(options.status).toBe(200);
  expect(options.body.allowCredentials ?? []).toEqual([]);
  const res = await client.post('/api/login/passkey', { response: key.signIn(options.body, counter) });
  return { client, res };
}

describe('passkeys in Settings', () => {
  it('registers a passkey named by the device, lists it with its last use, and removes it', async () => {
    const m = await withPasskey();
    expect(m.passkey).toMatchObject({ name: 'Chrome on macOS', lastUsedAt: null, backedUp: false });
    const list = await m.client.get('/api/user/passkeys');
    expect(list.body).toEqual([m.passkey]);
    expect((await m.client.get('/api/user/security')).body.passkeyCount).toBe(1);

    await passkeySignIn(m.key, 1);
    expect((await m.client.get('/api/user/passkeys')).body[0].lastUsedAt).not.toBeNull();

    const other = await signedUp(t);
    expect((await other.client.delete(`/api/user/passkeys/${m.passkey.id}`)).status).toBe(404);
    expect((await m.client.delete(`/api/user/passkeys/${m.passkey.id}`)).status).toBe(200);
    expect((await m.client.get('/api/user/passkeys')).body).toEqual([]);
    expect((await passkeySignIn(m.key, 2)).res.status).toBe(401);
  });

  it('refuses an answer to another challenge, and the same passkey twice', async () => {
    const m = await signedUp(t);
    const key = softAuthenticator(t.config.publicUrl);
    const options = await m.client.post('/api/user/passkeys/options');
    const forged = key.register({ ...options.body, challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' });
    expect((await m.client.post('/api/user/passkeys', { response: forged })).status).toBe(400);
    const again = await m.client.post('/api/user/passkeys/options');
    expect((await m.client.post('/api/user/passkeys', { response: key.register(again.body) })).status).toBe(201);
    const third = await m.client.post('/api/user/passkeys/options');
    expect(third.body.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    expect((await m.client.post('/api/user/passkeys', { response: key.register(third.body) })).status).toBe(409);
  });

  it('needs a recent sign-in to add or remove one', async () => {
    const m = await withPasskey();
    await ageProof(t, m.id, 11);
    expect((await m.client.post('/api/user/passkeys/options')).body).toMatchObject({ reauthenticate: true });
    expect((await m.client.delete(`/api/user/passkeys/${m.passkey.id}`)).status).toBe(403);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no username, and with no second factor even when two-factor is on', async () => {
    const m = await withPasskey();
    await enableTwoFactor(m.client);
    const { client, res } = await passkeySignIn(m.key, 1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.id, username: m.username });
    expect((await client.get('/api/user')).body.id).toBe(m.id);
    expect((await client.get('/api/user/security')).body.recentSignIn).toBe(true);
  });

  it('refuses a counter that goes backwards (a cloned authenticator) and the same answer twice', async () => {
    const m = await withPasskey();
    expect((await passkeySignIn(m.key, 5)).res.status).toBe(200);
    const cloned = await passkeySignIn(m.key, 3);
    expect(cloned.res.status).toBe(401);
    expect(cloned.res.body.message).toBe(securityMessages.passkeyCloned);
    expect(cloned.client.cookies.has('kaleido_session')).toBe(false);
    expect((await passkeySignIn(m.key, 5)).res.status).toBe(401);
    expect((await passkeySignIn(m.key, 6)).res.status).toBe(200);
  });

  it('needs the challenge this browser was given, once', async () => {
    const m = await withPasskey();
    const client = t.client();
    const options = await client.post('/api/login/passkey/options');
    const answer = m.key.signIn(options.body, 1);
    // Another browser replaying the answer holds no challenge.
    expect((await t.client().post('/api/login/passkey', { response: answer })).status).toBe(401);
    expect((await client.post('/api/login/passkey', { response: answer })).status).toBe(200);
    expect((await client.post('/api/login/passkey', { response: m.key.signIn(options.body, 2) })).status).toBe(401);
  });

  it('refuses a passkey the site does not know', async () => {
    const stranger = softAuthenticator(t.config.publicUrl);
    const { res } = await passkeySignIn(stranger, 1);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(securityMessages.passkeyUnknown);
  });

  it('proves a signed-in member again for the recent sign-in, with their own passkey only', async () => {
    const m = await withPasskey();
    const other = await withPasskey();
    await ageProof(t, m.id, 11);
    const options = await m.client.post('/api/user/reauthenticate/passkey/options');
    expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([m.key.id]);
    expect((await m.client.post('/api/user/reauthenticate/passkey', { response: other.key.signIn(options.body, 1) })).status).toBe(400);
    const again = await m.client.post('/api/user/reauthenticate/passkey/options');
    const proved = await m.client.post('/api/user/reauthenticate/passkey', { response: m.key.signIn(again.body, 2) });
    expect(proved.status).toBe(200);
    expect(proved.body.recentSignIn).toBe(true);
  });
});
