import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { RESET_TOKEN_TTL_MS } from '../../../contract/limits';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { passwordResetTokens, sessions, users } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

async function mailsTo(email: string) {
  return (await t.outbox()).filter((m) => m.to === email);
}

/** Asks for a reset and returns the token of the link in the mail that arrives. */
async function requestReset(email: string, client: TestClient = t.client(), typed = email): Promise<string> {
  const before = (await mailsTo(email)).length;
  const res = await client.post('/api/auth/forgot-password', { email: typed });
  expect(res.status).toBe(200);
  const until = Date.now() + 5000;
  for (;;) {
    const mails = await mailsTo(email);
    if (mails.length > before) {
      const match = mails[mails.length - 1].text.match(/\/reset-password\?token=(\S+)/);
      expect(match).not.toBeNull();
      return decodeURIComponent(match![1]);
    }
    if (Date.now() > until) throw new Error(`no reset mail for ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function canLogin(login: string, password: string): Promise<boolean> {
  const res = await t.client().post('/api/login', { emailOrUsername: login, password });
  if (res.status !== 200 && res.status !== 401) throw new Error(`login answered ${res.status}`);
  return res.status === 200;
}

async function passwordHashOf(id: number): Promise<string | null> {
  const [row] = await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id));
  return row.h;
}

const validate = async (token: string) => (await t.client().get(`/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`)).body;
const reset = (token: string, password: string, client: TestClient = t.client()) =>
  client.post('/api/auth/reset-password', { token, password });

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for an existing and an unknown email, and mails only the member', async () => {
    const m = await signUp(t.client());
    const known = await t.client().post('/api/auth/forgot-password', { email: m.email });
    const unknown = await t.client().post('/api/auth/forgot-password', { email: 'no-such-member@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(known.body).toEqual({ message: authMessages.forgotPasswordSent });
    expect(unknown.body).toEqual(known.body);

    const until = Date.now() + 5000;
    while ((await mailsTo(m.email)).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const [mail] = await mailsTo(m.email);
    expect(mail.subject).toBe('Reset your Kaleido password');
    expect(mail.text).toContain(`${t.config.publicUrl}/reset-password?token=`);
    expect(mail.text).toContain('Hi Test,');
    expect(await mailsTo('no-such-member@example.com')).toHaveLength(0);
  });

  it('finds the account whatever the case of the email', async () => {
    const m = await signUp(t.client());
    const token = await requestReset(m.email, t.client(), m.email.toUpperCase());
    expect((await validate(token)).valid).toBe(true);
  });

  it('needs a valid email', async () => {
    for (const body of [{ email: 'nope' }, {}]) {
      const res = await t.client().post('/api/auth/forgot-password', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(authMessages.invalidEmail);
    }
  });

  it('stores the token hashed, valid for one hour', async () => {
    const m = await signUp(t.client());
    const token = await requestReset(m.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].usedAt).toBeNull();
    const ttl = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(Math.abs(ttl - RESET_TOKEN_TTL_MS)).toBeLessThan(60_000);
  });
});

describe('reset token check and POST /api/auth/reset-password', () => {
  it('validates a fresh token, resets the password once, then refuses the used token without change', async () => {
    const m = await signUp(t.client());
    const token = await requestReset(m.email);
    expect(await validate(token)).toEqual({ valid: true });

    const res = await reset(token, 'brand-new-pass');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: authMessages.passwordReset });
    expect(await validate(token)).toEqual({ valid: false });
    expect(await canLogin(m.email, 'brand-new-pass')).toBe(true);
    expect(await canLogin(m.email, m.password)).toBe(false);

    const hash = await passwordHashOf(m.id);
    const again = await reset(token, 'another-pass-99');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: authMessages.invalidResetToken });
    expect(await passwordHashOf(m.id)).toBe(hash);
    expect(await canLogin(m.username, 'another-pass-99')).toBe(false);
    expect(await canLogin(m.username, 'brand-new-pass')).toBe(true);
  });

  it('refuses an expired token with 400 and changes nothing', async () => {
    const m = await signUp(t.client());
    const token = await requestReset(m.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const hash = await passwordHashOf(m.id);
    expect(await validate(token)).toEqual({ valid: false });
    const res = await reset(token, 'brand-new-pass');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: authMessages.invalidResetToken });
    expect(await passwordHashOf(m.id)).toBe(hash);
    expect(await canLogin(m.email, m.password)).toBe(true);
  });

  it('refuses an unknown token with 400', async () => {
    expect(await validate('not-a-real-token')).toEqual({ valid: false });
    const res = await reset('not-a-real-token', 'brand-new-pass');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: authMessages.invalidResetToken });
  });

  it('refuses a token check without a token', async () => {
    expect((await t.client().get('/api/auth/reset-password/validate')).status).toBe(400);
  });

  it('refuses a password under 8 characters with the spec message, keeping the token usable', async () => {
    const m = await signUp(t.client());
    const token = await requestReset(m.email);
    const hash = await passwordHashOf(m.id);
    for (const body of [{ token, password: '1234567' }, { token }]) {
      const res = await t.client().post('/api/auth/reset-password', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(authMessages.resetPasswordMin);
    }
    expect(await passwordHashOf(m.id)).toBe(hash);
    expect(await validate(token)).toEqual({ valid: true });
    expect((await reset(token, '12345678')).status).toBe(200);
  });

  it('uses a token once even when two resets race with it', async () => {
    const m = await signUp(t.client());
    const token = await requestReset(m.email);
    const [a, b] = await Promise.all([reset(token, 'first-password-1'), reset(token, 'second-password-2')]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const winner = a.status === 200 ? 'first-password-1' : 'second-password-2';
    const loser = a.status === 200 ? 'second-password-2' : 'first-password-1';
    expect(await canLogin(m.email, winner)).toBe(true);
    expect(await canLogin(m.email, loser)).toBe(false);
  });

  it('voids the older links of the member once one is used', async () => {
    const m = await signUp(t.client());
    const first = await requestReset(m.email);
    const second = await requestReset(m.email);
    expect(first).not.toBe(second);
    expect((await reset(second, 'brand-new-pass')).status).toBe(200);
    expect(await validate(first)).toEqual({ valid: false });
    expect((await reset(first, 'other-new-pass')).status).toBe(400);
    expect(await canLogin(m.email, 'brand-new-pass')).toBe(true);
  });

  it('ends every session of the member when reset from a signed-out browser', async () => {
    const a = t.client();
    const m = await signUp(a);
    const b = t.client();
    expect((await b.post('/api/login', { emailOrUsername: m.email, password: m.password })).status).toBe(200);
    const token = await requestReset(m.email);
    const resetter = t.client();
    expect((await reset(token, 'brand-new-pass', resetter)).status).toBe(200);
    expect(resetter.cookies.size).toBe(0); // a reset does not sign anyone in
    expect((await a.get('/api/user')).status).toBe(401);
    expect((await b.get('/api/user')).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(0);
  });

  it('keeps only the current session when the member resets from a signed-in browser', async () => {
    const a = t.client();
    const m = await signUp(a);
    const b = t.client();
    expect((await b.post('/api/login', { emailOrUsername: m.email, password: m.password })).status).toBe(200);
    const token = await requestReset(m.email, a);
    expect((await reset(token, 'brand-new-pass', a)).status).toBe(200);
    expect((await a.get('/api/user')).status).toBe(200);
    expect((await b.get('/api/user')).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(1);
  });
});
