import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { useTestApp } from '../../../tests/helpers/test-app';
import { newMember, signUp } from '../../../tests/helpers/test-client';
import { sessions, users, waitlistApplications } from '../../db/schema/index';

// A high limit: this file signs up many accounts from one IP; rate limits have their own file.
const t = useTestApp({ AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: 'Boss@Example.com, other@example.com' });

async function usersWithEmail(email: string) {
  return t.database.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

/** No user payload may carry a password hash or a session token. */
function expectNoSecrets(text: string, token?: string) {
  expect(text).not.toMatch(/password|hash|token|\$argon2/i);
  if (token) expect(text).not.toContain(token);
}

describe('GET /api/user', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await t.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('answers the signed-in member without password hash or token', async () => {
    const c = t.client();
    const m = await signUp(c);
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: m.id, email: m.email, username: m.username, firstName: 'Test', isAdmin: false });
    expectNoSecrets(me.text, c.cookies.get('kaleido_session'));
  });
});

describe('POST /api/register', () => {
  it('creates the account, signs it in with an httpOnly cookie and answers the user without secrets', async () => {
    const c = t.client();
    const m = newMember({ username: 'NewUser_1' });
    const res = await c.post('/api/register', m);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'newuser_1', email: m.email, firstName: 'Test', lastName: m.lastName, isAdmin: false });
    const token = c.cookies.get('kaleido_session');
    expect(token).toBeTruthy();
    expectNoSecrets(res.text, token);
    expect(res.headers.get('set-cookie')).toMatch(/kaleido_session=.+HttpOnly; SameSite=Lax/);

    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(m.email);

    // Stored lower case, with an argon2id hash, and one session row.
    const [row] = await usersWithEmail(m.email);
    expect(row.username).toBe('newuser_1');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.status).toBe('active');
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
  });

  it('stores the email lower case', async () => {
    const m = newMember();
    const res = await t.client().post('/api/register', { ...m, email: m.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe(m.email.toLowerCase());
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a bad email', { email: 'not-an-email' }, authMessages.invalidEmail],
    ['a missing email', { email: undefined }, authMessages.invalidEmail],
    ['a username under 3 characters', { username: 'ab' }, authMessages.usernameMin],
    ['a username over 20 characters', { username: 'a'.repeat(21) }, authMessages.usernameMax],
    ['a username with other characters', { username: 'bad-name!' }, authMessages.usernameChars],
    ['a username with a space', { username: 'bad name' }, authMessages.usernameChars],
    ['a missing username', { username: undefined }, authMessages.usernameMin],
    ['a password under 6 characters', { password: '12345' }, authMessages.passwordMin],
    ['a missing password', { password: undefined }, authMessages.passwordMin],
    ['an empty first name', { firstName: '' }, authMessages.firstNameRequired],
    ['a blank first name', { firstName: '   ' }, authMessages.firstNameRequired],
    ['a missing first name', { firstName: undefined }, authMessages.firstNameRequired],
    ['an empty last name', { lastName: '' }, authMessages.lastNameRequired],
    ['a missing last name', { lastName: undefined }, authMessages.lastNameRequired],
  ];
  it.each(invalid)('refuses %s with 400 and the spec message, creating nothing', async (_name, patch, message) => {
    const c = t.client();
    const m = newMember();
    const body: Record<string, unknown> = { ...m, ...patch };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const res = await c.post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await usersWithEmail(m.email)).toHaveLength(0);
    expect(c.cookies.has('kaleido_session')).toBe(false);
  });

  it('names the message of each invalid field in a 400', async () => {
    const res = await t.client().post('/api/register', newMember({ email: 'nope', username: 'a!' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ email: 'Please enter a valid email address', username: 'Username must be at least 3 characters' });
  });

  it('accepts the limits themselves: a 3- and a 20-character username, a 6-character password', async () => {
    const tag = Date.now().toString(36).slice(-4);
    expect((await t.client().post('/api/register', newMember({ username: `a${tag.slice(0, 2)}`, password: '123456' }))).status).toBe(201);
    expect((await t.client().post('/api/register', newMember({ username: `b${tag}`.padEnd(20, '_') }))).status).toBe(201);
  });

  it('refuses a duplicate email, in any case, with 409 naming the email', async () => {
    const first = await signUp(t.client());
    const c = t.client();
    const res = await c.post('/api/register', newMember({ email: first.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: authMessages.emailTaken });
    expect(res.body.message).toMatch(/email/i);
    expect(await usersWithEmail(first.email)).toHaveLength(1);
    expect(c.cookies.has('kaleido_session')).toBe(false);
  });

  it('refuses a duplicate username, in any case, with 409 naming the username', async () => {
    const first = await signUp(t.client());
    const m = newMember({ username: first.username.toUpperCase() });
    const res = await t.client().post('/api/register', m);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: authMessages.usernameTaken });
    expect(res.body.message).toMatch(/username/i);
    expect(await usersWithEmail(m.email)).toHaveLength(0);
  });

  it('makes the accounts listed in ADMIN_EMAILS admins, in any case, and no one else', async () => {
    const admin = await t.client().post('/api/register', newMember({ email: 'boss@EXAMPLE.com' }));
    expect(admin.status).toBe(201);
    expect(admin.body.isAdmin).toBe(true);
    const [row] = await usersWithEmail('boss@example.com');
    expect(row.isAdmin).toBe(true);
    const plain = await signUp(t.client());
    expect(plain.user.isAdmin).toBe(false);
  });
});

describe('registration in waitlist mode', () => {
  const w = useTestApp({ REGISTRATION: 'waitlist', AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: 'chief@example.com' });

  it('tells the client the mode', async () => {
    expect((await w.client().get('/api/config')).body.registration).toBe('waitlist');
  });

  it('requires a reason, creating nothing without one', async () => {
    const m = newMember();
    for (const reason of [undefined, '', '   ']) {
      const res = await w.client().post('/api/register', { ...m, reason });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(authMessages.reasonRequired);
    }
    expect(await w.database.db.select().from(users).where(eq(users.email, m.email))).toHaveLength(0);
  });

  it('answers 202, files a pending application, and the account cannot sign in', async () => {
    const c = w.client();
    const m = newMember();
    const res = await c.post('/api/register', { ...m, reason: 'I take pictures of clouds' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ waitlisted: true, message: authMessages.waitlisted });
    expect(c.cookies.has('kaleido_session')).toBe(false);
    expect((await c.get('/api/user')).status).toBe(401);

    const [user] = await w.database.db.select().from(users).where(eq(users.email, m.email));
    expect(user.status).toBe('pending');
    const apps = await w.database.db.select().from(waitlistApplications).where(eq(waitlistApplications.userId, user.id));
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ status: 'pending', reason: 'I take pictures of clouds', email: m.email, firstName: 'Test' });
    expect(await w.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    for (const id of [m.email, m.username]) {
      const login = await c.post('/api/login', { emailOrUsername: id, password: m.password });
      expect(login.status).toBe(403);
      expect(login.body).toEqual({ message: authMessages.pendingApproval });
    }
    expect(c.cookies.has('kaleido_session')).toBe(false);
    expect(await w.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('still answers 401 for a pending account with the wrong password (no status leak)', async () => {
    const m = newMember();
    expect((await w.client().post('/api/register', { ...m, reason: 'why not' })).status).toBe(202);
    const res = await w.client().post('/api/login', { emailOrUsername: m.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: authMessages.invalidCredentials });
  });

  it('lets an ADMIN_EMAILS account straight in', async () => {
    const c = w.client();
    const res = await c.post('/api/register', newMember({ email: 'chief@example.com' }));
    expect(res.status).toBe(201);
    expect(res.body.isAdmin).toBe(true);
    expect((await c.get('/api/user')).status).toBe(200);
  });
});
