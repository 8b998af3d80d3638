import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { useTestApp, waitForMail } from '../../../tests/helpers/test-app';
import { newMember, signUp } from '../../../tests/helpers/test-client';
import { users } from '../../db/schema/index';
import * as passwords from '../../lib/passwords';

// Counts the argon2 hashes the app makes, still making them.
vi.mock('../../lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

const WINDOW_SECONDS = 600;

function expectLimited(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: authMessages.tooManyAttempts });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
}

let ipCounter = 0;
/** A fresh client address per use, so per-address counters start at zero. */
const newIp = () => `10.${Math.floor(++ipCounter / 62500) % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('throttling with the default settings, behind a trusted proxy', () => {
  const t = useTestApp({ TRUST_PROXY: 'on' });

  it("the owner signs in from another address after an attacker's ten failures", async () => {
    const m = await signUp(t.client());
    const attacker = newIp();
    for (let i = 0; i < 10; i++) {
      expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: `guess-${i}` }, from(attacker))).status).toBe(401);
    }
    // The attacker's address is stopped for this account, even with the right password.
    expectLimited(await t.client().post('/api/login', { emailOrUsername: m.email, password: m.password }, from(attacker)));
    const owner = t.client();
    const started = Date.now();
    const res = await owner.post('/api/login', { emailOrUsername: m.email, password: m.password }, from(newIp()));
    expect(res.status).toBe(200);
    expect(owner.cookies.has('kaleido_session')).toBe(true);
    // Slowed a little, not locked out.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('still lets the owner in when the attack comes from many addresses, only slower', async () => {
    const m = await signUp(t.client());
    for (let i = 0; i < 12; i++) {
      expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: `guess-${i}` }, from(newIp()))).status).toBe(401);
    }
    const res = await t.client().post('/api/login', { emailOrUsername: m.username, password: m.password }, from(newIp()));
    expect(res.status).toBe(200);
  });

  it('30 successful sign-ins from one address never answer 429', async () => {
    const office = newIp();
    const members = [];
    // Signed up elsewhere (127.0.0.1); the office address only signs in.
    for (let i = 0; i < 30; i++) members.push(await signUp(t.client()));
    for (const m of members) {
      const res = await t.client().post('/api/login', { emailOrUsername: m.email, password: m.password }, from(office));
      expect(res.status).toBe(200);
    }
    // And the same again: successes never spend the address's budget.
    for (const m of members) {
      expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: m.password }, from(office))).status).toBe(200);
    }
  });
});

describe('throttling (AUTH_RATE_LIMIT=3, AUTH_ADDRESS_RATE_LIMIT=6), behind a trusted proxy', () => {
  const t = useTestApp({ AUTH_RATE_LIMIT: '3', AUTH_ADDRESS_RATE_LIMIT: '6', AUTH_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS), TRUST_PROXY: 'on' });

  it('counts failures only, and a success starts the account afresh', async () => {
    const m = await signUp(t.client());
    const ip = newIp();
    // Without the reset, the second round's second failure would be the pair's fourth: 429.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await t.client().post('/api/login', { emailOrUsername: m.email, password: 'wrong-pass' }, from(ip))).status).toBe(401);
      expect((await t.client().post('/api/login', { emailOrUsername: m.email, password: m.password }, from(ip))).status).toBe(200);
    }
  });

  it('limits failed sign-ins per address across accounts; another address is not affected', async () => {
    const ip = newIp();
    for (let i = 1; i <= 6; i++) {
      expect((await t.client().post('/api/login', { emailOrUsername: `nobody${i}`, password: 'wrong-pass' }, from(ip))).status).toBe(401);
    }
    expectLimited(await t.client().post('/api/login', { emailOrUsername: 'nobody7', password: 'wrong-pass' }, from(ip)));
    expect((await t.client().post('/api/login', { emailOrUsername: 'nobody7', password: 'wrong-pass' }, from(newIp()))).status).toBe(401);
  });

  it('limits failures per account and address: the pair is refused, the account from elsewhere is not', async () => {
    const m = await signUp(t.client());
    const ip = newIp();
    for (const id of [m.email, m.username.toUpperCase(), m.email.toUpperCase()]) {
      expect((await t.client().post('/api/login', { emailOrUsername: id, password: 'wrong-pass' }, from(ip))).status).toBe(401);
    }
    const c = t.client();
    expectLimited(await c.post('/api/login', { emailOrUsername: m.username, password: m.password }, from(ip)));
    expect(c.cookies.has('kaleido_session')).toBe(false);
    expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: m.password }, from(newIp()))).status).toBe(200);
  });

  it('checks the reset token before hashing the new password, and throttles bad tokens per address', async () => {
    const hash = vi.mocked(passwords.hashPassword);
    hash.mockClear();
    const ip = newIp();
    for (let i = 0; i < 6; i++) {
      const res = await t.client().post('/api/auth/reset-password', { token: `forged-${i}`, password: 'new-password-1' }, from(ip));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(authMessages.invalidResetToken);
    }
    expect(hash).not.toHaveBeenCalled();
    expectLimited(await t.client().post('/api/auth/reset-password', { token: 'forged-7', password: 'new-password-1' }, from(ip)));
    expect(hash).not.toHaveBeenCalled();
  });

  it('throttles reset-link checks per address like the other token checks; a good link is not spent', async () => {
    const ip = newIp();
    for (let i = 0; i < 6; i++) {
      const res = await t.client().get(`/api/auth/reset-password/validate?token=forged-${i}`, from(ip));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: false });
    }
    expectLimited(await t.client().get('/api/auth/reset-password/validate?token=forged-7', from(ip)));
    const m = await signUp(t.client());
    await t.client().post('/api/auth/forgot-password', { email: m.email }, from(newIp()));
    const token = decodeURIComponent(/token=(\S+)/.exec((await waitForMail(t, (x) => x.to === m.email)).text)![1]);
    const good = newIp();
    // A good token gives its point back: the screen may check it as often as it renders.
    for (let i = 0; i < 8; i++) expect((await t.client().get(`/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`, from(good))).body).toEqual({ valid: true });
  });

  it('a good reset token from a fresh address still works, hashing once', async () => {
    const m = await signUp(t.client());
    await t.client().post('/api/auth/forgot-password', { email: m.email }, from(newIp()));
    const mail = await waitForMail(t, (x) => x.to === m.email);
    const token = decodeURIComponent(/token=(\S+)/.exec(mail.text)![1]);
    const hash = vi.mocked(passwords.hashPassword);
    hash.mockClear();
    expect((await t.client().post('/api/auth/reset-password', { token, password: 'new-password-1' }, from(newIp()))).status).toBe(200);
    expect(hash).toHaveBeenCalledTimes(1);
  });

  it('throttles username checks per address', async () => {
    const ip = newIp();
    // Three times the address budget: typing a name checks it several times.
    for (let i = 0; i < 18; i++) expect((await t.client().get(`/api/username/check/free_${i}`, from(ip))).status).toBe(200);
    expectLimited(await t.client().get('/api/username/check/free_x', from(ip)));
    expect((await t.client().get('/api/username/check/free_x', from(newIp()))).status).toBe(200);
  });

  it('forgot-password: an address is limited; one inbox gets at most AUTH_RATE_LIMIT mails, the answer unchanged', async () => {
    const m = await signUp(t.client());
    for (let i = 0; i < 5; i++) {
      const res = await t.client().post('/api/auth/forgot-password', { email: m.email }, from(newIp()));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(authMessages.forgotPasswordSent);
    }
    // The mails are jobs: wait for the three allowed, then long enough that a fourth would show.
    const mine = async () => (await t.outbox()).filter((x) => x.to === m.email);
    for (let i = 0; i < 100 && (await mine()).length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mine()).toHaveLength(3);
    const ip = newIp();
    for (let i = 0; i < 6; i++) expect((await t.client().post('/api/auth/forgot-password', { email: `x${i}@example.com` }, from(ip))).status).toBe(200);
    expectLimited(await t.client().post('/api/auth/forgot-password', { email: 'x7@example.com' }, from(ip)));
  });

  it('limits sign-ups per address, creating nothing past the limit', async () => {
    const ip = newIp();
    for (let i = 0; i < 6; i++) expect((await t.client().post('/api/register', newMember(), from(ip))).status).toBe(201);
    const seventh = newMember();
    const c = t.client();
    expectLimited(await c.post('/api/register', seventh, from(ip)));
    expect(c.cookies.has('kaleido_session')).toBe(false);
    expect(await t.database.db.select().from(users).where(eq(users.email, seventh.email))).toHaveLength(0);
  });
});

describe('throttling without a trusted proxy', () => {
  const t = useTestApp({ AUTH_RATE_LIMIT: '3', AUTH_ADDRESS_RATE_LIMIT: '4' });

  it('a forged X-Forwarded-For buys no fresh budget', async () => {
    for (let i = 1; i <= 4; i++) {
      expect((await t.client().post('/api/login', { emailOrUsername: `someone${i}`, password: 'wrong-pass' }, from(`10.9.0.${i}`))).status).toBe(401);
    }
    expectLimited(await t.client().post('/api/login', { emailOrUsername: 'someone5', password: 'wrong-pass' }, from('10.9.0.99')));
  });
});
