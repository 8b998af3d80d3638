import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp } from '../../../tests/helpers/test-client';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

describe('GET /api/users/search/{term}', () => {
  it('finds active members by username or name, without emails, never the viewer, from 2 characters', async () => {
    const viewer = t.client();
    const me = await signUp(viewer, { firstName: 'Zelda', lastName: 'Searcher' });
    const other = await signUp(t.client(), { firstName: 'Zelda', lastName: 'Found' });
    const pending = await signUp(t.client(), { firstName: 'Zelda', lastName: 'Waiting' });
    await t.database.db.update(users).set({ status: 'pending' }).where(eq(users.id, pending.id));

    const res = await viewer.get('/api/users/search/zeld');
    expect(res.status).toBe(200);
    const ids = res.body.map((u: { id: number }) => u.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(pending.id);
    expect(Object.keys(res.body[0]).sort()).toEqual(['firstName', 'id', 'lastName', 'profileImageUrl', 'username']);
    expect(res.text).not.toContain('@example.com');

    const byUsername = await viewer.get(`/api/users/search/${encodeURIComponent(other.username.toUpperCase())}`);
    expect(byUsername.body.map((u: { id: number }) => u.id)).toEqual([other.id]);
    expect((await viewer.get('/api/users/search/z')).body).toEqual([]);
    // Wildcards are taken literally.
    expect((await viewer.get('/api/users/search/%25%25')).body).toEqual([]);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.client().get('/api/users/search/zelda')).status).toBe(401);
  });
});
