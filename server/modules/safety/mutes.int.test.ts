import { beforeAll, describe, expect, it } from 'vitest';
import { uploadOk } from '../../../tests/helpers/folders';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { jobsSettled } from '../../../tests/helpers/wait';

// A mute is one way and quiet (docs/decisions/028-safety-kit.md): the muted member's files,
// comments and notifications leave the muter's feed, comment lists and bell; nothing else changes.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let muter: TestClient;
let loud: TestClient;
let ids: { muter: number; loud: number };
let loudFile: number;
let muterFile: number;

const feedIds = async (c: TestClient) => (await c.get('/api/files')).body.map((f: { id: number }) => f.id) as number[];
const bell = async (c: TestClient) => (await c.get('/api/notifications')).body.notifications as { type: string; fromUserId: number | null }[];

beforeAll(async () => {
  [muter, loud] = [t.client(), t.client()];
  ids = { muter: (await signUp(muter)).id, loud: (await signUp(loud)).id };
  loudFile = await uploadOk(loud, 'loud.gif');
  muterFile = await uploadOk(muter, 'mine.gif');
  expect((await loud.post(`/api/files/${muterFile}/like`)).status).toBe(200);
  expect((await loud.post(`/api/files/${muterFile}/comments`, { content: 'so loud' })).status).toBe(201);
  await jobsSettled(t.database);
  expect(await feedIds(muter)).toContain(loudFile);
  expect((await bell(muter)).length).toBeGreaterThan(0);
  expect((await muter.post(`/api/users/${ids.loud}/mute`)).body).toEqual({ isMuted: true });
});

describe('a mute', () => {
  it("takes the muted member's files out of the muter's feed and their comments out of the muter's lists", async () => {
    expect(await feedIds(muter)).not.toContain(loudFile);
    expect(await feedIds(muter)).toContain(muterFile);
    expect((await muter.get(`/api/files/${muterFile}/comments`)).body).toEqual([]);
    expect((await loud.get(`/api/files/${muterFile}/comments`)).body).toHaveLength(1);
  });

  it("empties the muter's bell of them and lets nothing new in", async () => {
    expect((await bell(muter)).filter((n) => n.fromUserId === ids.loud)).toEqual([]);
    await loud.post(`/api/files/${muterFile}/comments`, { content: 'louder' });
    await jobsSettled(t.database);
    expect((await bell(muter)).filter((n) => n.fromUserId === ids.loud)).toEqual([]);
  });

  it('changes nothing else: the profile, the file itself and messages still reach both ways', async () => {
    expect((await muter.get(`/api/users/${ids.loud}`)).status).toBe(200);
    expect((await muter.get(`/api/files/${loudFile}`)).status).toBe(200);
    expect(await feedIds(loud)).toContain(muterFile);
    expect((await loud.post('/api/messages', { recipientId: ids.muter, content: 'hi' })).status).toBe(201);
  });

  it('is listed, refuses yourself, and unmutes', async () => {
    expect((await muter.get('/api/user/mutes')).body.map((m: { id: number }) => m.id)).toEqual([ids.loud]);
    expect((await muter.post(`/api/users/${ids.muter}/mute`)).status).toBe(400);
    expect((await muter.post('/api/users/999999/mute')).status).toBe(404);
    expect((await muter.delete(`/api/users/${ids.loud}/mute`)).body).toEqual({ isMuted: false });
    expect(await feedIds(muter)).toContain(loudFile);
    expect((await muter.get('/api/user/mutes')).body).toEqual([]);
  });
});
