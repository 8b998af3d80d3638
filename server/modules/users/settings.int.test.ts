import { describe, expect, it } from 'vitest';
import { waitForMail, useTestApp } from '../../../tests/helpers/test-app';
import { signUp } from '../../../tests/helpers/test-client';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

const SECRET_KEYS = ['passwordHash', 'preferences', 'status', 'profileImageKey'];

describe('PUT /api/user/profile', () => {
  it('saves the names, username and bio and answers the updated user without secrets', async () => {
    const c = t.client();
    const m = await signUp(c);
    const res = await c.put('/api/user/profile', { firstName: ' Ada ', lastName: 'Lovelace', username: 'Ada_L1', bio: 'Counts things.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.id, firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l1', bio: 'Counts things.', email: m.email });
    for (const key of SECRET_KEYS) expect(res.body).not.toHaveProperty(key);
    expect((await c.get('/api/user')).body.username).toBe('ada_l1');
  });

  it('keeps the own username and turns blank optional fields into null', async () => {
    const c = t.client();
    const m = await signUp(c);
    const res = await c.put('/api/user/profile', { firstName: '', lastName: '  ', username: m.username, bio: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: null, lastName: null, bio: null, username: m.username });
  });

  it('refuses a username another member holds with 409', async () => {
    const other = await signUp(t.client());
    const c = t.client();
    await signUp(c);
    const res = await c.put('/api/user/profile', { firstName: 'A', lastName: 'B', username: other.username.toUpperCase(), bio: '' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This username is already taken' });
  });

  it('applies the sign-up username rules', async () => {
    const c = t.client();
    await signUp(c);
    const short = await c.put('/api/user/profile', { firstName: 'A', lastName: 'B', username: 'ab', bio: '' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Username must be at least 3 characters');
    const bad = await c.put('/api/user/profile', { firstName: 'A', lastName: 'B', username: 'no spaces', bio: '' });
    expect(bad.body.message).toBe('Username can only contain letters, numbers, and underscores');
  });
});

describe('PUT /api/user/email', () => {
  it('changes the email and mails a notice to the old address', async () => {
    const c = t.client();
    const m = await signUp(c);
    const res = await c.put('/api/user/email', { email: 'New.Address@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('new.address@example.com');
    const mail = await waitForMail(t, (x) => x.to === m.email && /email address was changed/.test(x.subject));
    expect(mail.text).toContain('new.address@example.com');
    const login = await t.client().post('/api/login', { emailOrUsername: 'new.address@example.com', password: m.password });
    expect(login.status).toBe(200);
  });

  it('refuses an invalid email with 400 and the sign-up message', async () => {
    const c = t.client();
    await signUp(c);
    const res = await c.put('/api/user/email', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });

  it('refuses an email another account holds, whatever its case, with 409', async () => {
    const other = await signUp(t.client());
    const c = t.client();
    await signUp(c);
    const res = await c.put('/api/user/email', { email: other.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
  });
});

describe('PUT /api/user/password', () => {
  it('changes the password, ends every other session, keeps this one and mails a notice', async () => {
    const c = t.client();
    const m = await signUp(c);
    const phone = t.client();
    expect((await phone.post('/api/login', { emailOrUsername: m.username, password: m.password })).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(200);

    const res = await c.put('/api/user/password', { newPassword: 'brand-new-pw' });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(m.id);
    expect((await c.get('/api/user')).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);

    expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: m.password })).status).toBe(401);
    expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: 'brand-new-pw' })).status).toBe(200);
    await waitForMail(t, (x) => x.to === m.email && /password was changed/.test(x.subject));
  });

  it('refuses a password shorter than 6 characters', async () => {
    const c = t.client();
    await signUp(c);
    const res = await c.put('/api/user/password', { newPassword: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be at least 6 characters');
  });
});

describe('signed out', () => {
  it('answers 401 to every settings call', async () => {
    const c = t.client();
    const calls = [
      c.put('/api/user/profile', { firstName: 'A', lastName: 'B', username: 'abc', bio: '' }),
      c.put('/api/user/email', { email: 'a@example.com' }),
      c.put('/api/user/password', { newPassword: 'secret123' }),
      c.put('/api/user/avatar', new FormData()),
      c.delete('/api/user/avatar'),
      c.get('/api/user/preferences'),
      c.put('/api/user/preferences', { theme: 'dark' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('refuses a settings change sent from another site', async () => {
    const c = t.client();
    await signUp(c);
    const res = await c.request('PUT', '/api/user/email', { email: 'x@example.com' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});
