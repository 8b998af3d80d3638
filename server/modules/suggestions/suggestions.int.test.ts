import { beforeAll, describe, expect, it } from 'vitest';
import type { SuggestionsResponse } from '../../../contract/suggestions';
import { seedFile } from '../../../tests/helpers/search-seed';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';

// GET /api/suggestions: what a new member on a quiet instance is offered to follow (decision
// 030), picked only by what everyone may see.
const t = useTestApp({ AUTH_RATE_LIMIT: '1000', WRITE_BUDGET_SCALE: '100' });
let newcomer: TestClient;
let newcomerId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const clients: Record<string, TestClient> = {};
  for (const name of ['popular', 'liked', 'secretive', 'fan1', 'fan2', 'newcomer']) {
    clients[name] = t.client();
    ids[name] = (await signUp(clients[name])).id;
  }
  newcomer = clients.newcomer;
  newcomerId = ids.newcomer;
  const db = t.database.db;
  await seedFile(db, ids.popular, { name: 'Harbour', tags: ['harbour', 'boats'], likeCount: 1 });
  await seedFile(db, ids.liked, { name: 'Fern', tags: ['fern', 'boats'], likeCount: 9 });
  await seedFile(db, ids.liked, { name: 'Moss', tags: ['moss'], likeCount: 2 });
  await seedFile(db, ids.secretive, { name: 'Diary', tags: ['diary-secret'], likeCount: 50, isPublic: false });
  await seedFile(db, newcomerId, { name: 'Mine', tags: ['mine'], isPublic: false });
  for (const fan of ['fan1', 'fan2']) expect((await clients[fan].post(`/api/users/${ids.popular}/follow`, {})).status).toBe(200);
});

async function suggestions(c: TestClient): Promise<SuggestionsResponse> {
  const res = await c.get('/api/suggestions');
  expect(res.status, res.text).toBe(200);
  return res.body as SuggestionsResponse;
}

describe('GET /api/suggestions', () => {
  it('offers members with public files, most followed then most liked, never oneself or a private-only member', async () => {
    const { members } = await suggestions(newcomer);
    expect(members.map((m) => [m.user.id, m.publicFiles, m.likes, m.user.followersCount])).toEqual([
      [ids.popular, 1, 1, 2],
      [ids.liked, 2, 11, 0],
    ]);
  });

  it('offers the tags of public files, most liked first, never a private file’s tag', async () => {
    const { tags } = await suggestions(newcomer);
    expect(tags).toEqual([
      { tag: 'boats', files: 2 },
      { tag: 'fern', files: 1 },
      { tag: 'moss', files: 1 },
      { tag: 'harbour', files: 1 },
    ]);
  });

  it('leaves out a member once followed', async () => {
    expect((await newcomer.post(`/api/users/${ids.popular}/follow`, {})).status).toBe(200);
    expect((await suggestions(newcomer)).members.map((m) => m.user.id)).toEqual([ids.liked]);
  });

  it('is for members only', async () => {
    expect((await t.client().get('/api/suggestions')).status).toBe(401);
  });
});
