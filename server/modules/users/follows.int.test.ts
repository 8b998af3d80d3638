import { beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '../../../contract/users';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';

// Follow, unfollow, refollow and racing follows keep both counts exact (decision 011).

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let alice: TestClient;
let bob: TestClient;
let aliceId: number;
let bobId: number;

beforeAll(async () => {
  alice = t.client();
  bob = t.client();
  aliceId = (await signUp(alice)).id;
  bobId = (await signUp(bob)).id;
});

async function counts(viewer: TestClient, id: number) {
  const res = await viewer.get(`/api/users/${id}`);
  expect(res.status, res.text).toBe(200);
  return { followers: res.body.followersCount as number, following: res.body.followingCount as number, isFollowing: res.body.isFollowing as boolean };
}

describe('follow', () => {
  it('follows, repeats without double counting, unfollows, refollows', async () => {
    const first = await alice.post(`/api/users/${bobId}/follow`);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ isFollowing: true, followersCount: 1, followingCount: 1 });
    expect((await alice.post(`/api/users/${bobId}/follow`)).body).toEqual({ isFollowing: true, followersCount: 1, followingCount: 1 });
    expect(await counts(alice, bobId)).toEqual({ followers: 1, following: 0, isFollowing: true });
    expect(await counts(alice, aliceId)).toMatchObject({ followers: 0, following: 1, isFollowing: false });
    expect((await alice.get(`/api/users/${bobId}/follow-status`)).body).toEqual({ isFollowing: true });
    expect((await bob.get(`/api/users/${aliceId}/follow-status`)).body).toEqual({ isFollowing: false });
    expect((await alice.get(`/api/users/${bobId}/followers`)).body.map((u: { id: number }) => u.id)).toEqual([aliceId]);
    expect((await bob.get(`/api/users/${aliceId}/following`)).body.map((u: { id: number }) => u.id)).toEqual([bobId]);
    // The session's own record follows the count too (the cached session was invalidated).
    expect((await alice.get('/api/user')).body.followingCount).toBe(1);

    expect((await alice.delete(`/api/users/${bobId}/follow`)).body).toEqual({ isFollowing: false, followersCount: 0, followingCount: 0 });
    expect((await alice.delete(`/api/users/${bobId}/follow`)).body).toEqual({ isFollowing: false, followersCount: 0, followingCount: 0 });
    expect((await alice.get(`/api/users/${bobId}/followers`)).body).toEqual([]);
    expect((await alice.post(`/api/users/${bobId}/follow`)).body).toEqual({ isFollowing: true, followersCount: 1, followingCount: 1 });
    expect(await counts(bob, bobId)).toMatchObject({ followers: 1, following: 0 });
    await alice.delete(`/api/users/${bobId}/follow`);
  });

  it('refuses to follow yourself with the message, and unknown members with 404', async () => {
    const self = await alice.post(`/api/users/${aliceId}/follow`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(userMessages.cannotFollowSelf);
    expect((await alice.post('/api/users/999999/follow')).status).toBe(404);
    expect((await alice.get('/api/users/999999')).status).toBe(404);
  });

  it('needs sign-in', async () => {
    const visitor = t.client();
    expect((await visitor.post(`/api/users/${bobId}/follow`)).status).toBe(401);
    expect((await visitor.get(`/api/users/${bobId}`)).status).toBe(401);
  });

  it('shows the email to its owner only', async () => {
    expect((await alice.get(`/api/users/${aliceId}`)).body.email).toMatch(/@example\.com$/);
    expect((await alice.get(`/api/users/${aliceId}`)).body.isSelf).toBe(true);
    const other = await alice.get(`/api/users/${bobId}`);
    expect(other.body.email).toBeUndefined();
    expect(other.body.isSelf).toBe(false);
    expect(other.text).not.toContain('passwordHash');
  });

  it('keeps counts exact when 20 members follow and unfollow at once', async () => {
    const target = t.client();
    const targetId = (await signUp(target)).id;
    const crowd: TestClient[] = [];
    for (let i = 0; i < 20; i++) {
      const c = t.client();
      await signUp(c);
      crowd.push(c);
    }
    // Each follows twice at once, and the target follows them all back at the same time.
    const ids = await Promise.all(crowd.map(async (c) => (await c.get('/api/user')).body.id as number));
    const results = await Promise.all([
      ...crowd.flatMap((c) => [c.post(`/api/users/${targetId}/follow`), c.post(`/api/users/${targetId}/follow`)]),
      ...ids.map((id) => target.post(`/api/users/${id}/follow`)),
    ]);
    for (const r of results) expect(r.status, r.text).toBe(200);
    expect(await counts(alice, targetId)).toMatchObject({ followers: 20, following: 20 });
    const followers = await alice.get(`/api/users/${targetId}/followers?limit=100`);
    expect(followers.body).toHaveLength(20);

    await Promise.all(crowd.slice(0, 12).flatMap((c) => [c.delete(`/api/users/${targetId}/follow`), c.post(`/api/users/${aliceId}/follow`)]));
    expect(await counts(bob, targetId)).toMatchObject({ followers: 8, following: 20 });
    expect(await counts(bob, aliceId)).toMatchObject({ followers: 12 });
    const page = await alice.get(`/api/users/${targetId}/followers?offset=5&limit=5`);
    expect(page.body).toHaveLength(3);
  });
});
