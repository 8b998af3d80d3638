import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { newMember } from '../../../tests/helpers/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-up and session', () => {
  it('registers, sets an httpOnly session cookie and answers the user without secrets', async () => {
    const c = t.client();
    const m = newMember({ username: 'NewUser_1' });
    const res = await c.post('/api/register', m);
    expect(res.status).toBe(201);
    expect(res.body.username).toBe('newuser_1');
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.headers.get('set-cookie')).toMatch(/kaleido_session=.+HttpOnly; SameSite=Lax/);
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(m.email);
  });
});
