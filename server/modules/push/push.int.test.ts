import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signedUp } from '../../../tests/helpers/test-client';
import { photo, uploadOk } from '../../../tests/helpers/upload';
import { decryptPush, startPushService, verifyVapid, type PushServiceDouble } from '../../../tests/helpers/push-service';
import { eventually, jobsSettled } from '../../../tests/helpers/wait';

// Web Push end to end (docs/decisions/035): a member's device subscribes, a like, a comment and a
// message reach a push service on 127.0.0.1 that decrypts them with the device's keys and checks
// the VAPID signature; a file's likes within the group window go as one; 410 removes the device;
// a service that answers 429 or hangs is tried again; the member's kinds are respected.

let service: PushServiceDouble;
const t = useTestApp(async () => {
  service = await startPushService();
  return {
    env: { AUTH_RATE_LIMIT: '1000', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', PUSH_TIMEOUT_SECONDS: '1' },
    patch: { pushGroupWindowSeconds: 4 },
    deps: { jobs: { pollingIntervalSeconds: 0.5, policies: { 'push.send': { retryLimit: 3, retryDelay: 1, retryBackoff: false } } } },
    cleanup: () => service.close(),
  };
});

const PUSH_JOBS = ['like.added', 'comment.added', 'push.notification', 'push.message', 'push.send'];

async function subscribedMember() {
  const m = await signedUp(t);
  const device = service.device();
  const res = await m.client.post('/api/push/subscriptions', device.subscription, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' });
  expect(res.status).toBe(201);
  return { ...m, device };
}

function pushesTo(devicePath: string, keys: Parameters<typeof decryptPush>[1]) {
  return service.to(devicePath).map((r) => JSON.parse(decryptPush(r.body, keys)) as { title: string; body: string; url: string; kind: string; tag: string });
}

describe('Web Push', () => {
  let publicKey = '';
  beforeAll(async () => {
    const m = await signedUp(t);
    const res = await m.client.get('/api/push/public-key');
    expect(res.status).toBe(200);
    publicKey = res.body.publicKey;
  });

  it('answers a public key kept in DATA_DIR, never the private one', async () => {
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const stored = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'vapid-keys.json'), 'utf8'));
    expect(stored.publicKey).toBe(publicKey);
    expect((fs.statSync(path.join(t.dataDir, 'vapid-keys.json')).mode & 0o777).toString(8)).toBe('600');
    const visitor = await t.client().get('/api/push/public-key');
    expect(visitor.status).toBe(401);
  });

  it('lists the member\'s devices, and removes one by its endpoint (another member\'s is a 404)', async () => {
    const a = await subscribedMember();
    const b = await signedUp(t);
    const list = await a.client.get('/api/push/subscriptions');
    expect(list.status).toBe(200);
    expect(list.body.devices).toEqual([expect.objectContaining({ endpoint: a.device.subscription.endpoint, device: 'Chrome on Android', lastPushedAt: null })]);
    expect((await b.client.get('/api/push/subscriptions')).body.devices).toEqual([]);
    expect((await b.client.request('DELETE', '/api/push/subscriptions', { endpoint: a.device.subscription.endpoint })).status).toBe(404);
    expect((await a.client.request('DELETE', '/api/push/subscriptions', { endpoint: a.device.subscription.endpoint })).status).toBe(200);
    expect((await a.client.get('/api/push/subscriptions')).body.devices).toEqual([]);
  });

  it('pushes a like, encrypted to the device and signed with the VAPID key; a click opens the file', async () => {
    const owner = await subscribedMember();
    const file = await uploadOk(owner.client, await photo('grass.jpg'), 'grass.jpg', { name: 'Lawn' });
    const fan = await signedUp(t, { firstName: 'Ana', lastName: 'Fan' });
    expect((await fan.client.post(`/api/files/${file.id}/like`)).status).toBe(200);
    await eventually(async () => service.to(owner.device.path).length, (n) => n === 1);
    const [received] = service.to(owner.device.path);
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
    const vapid = verifyVapid(received.headers.authorization, service.origin);
    expect(vapid.publicKey).toBe(publicKey);
    expect(pushesTo(owner.device.path, owner.device.keys)).toEqual([
      expect.objectContaining({ kind: 'like', body: 'Ana Fan liked your file "Lawn"', url: `/file/${file.id}` }),
    ]);
    await eventually(async () => (await owner.client.get('/api/push/subscriptions')).body.devices[0].lastPushedAt, (v) => v !== null);
  });

  it('groups a file\'s likes within the window into one push after the first, as the bell groups them', async () => {
    const owner = await subscribedMember();
    const file = await uploadOk(owner.client, await photo('coffee-cup.jpg'), 'coffee.jpg', { name: 'Espresso' });
    const fans = await Promise.all([1, 2, 3, 4].map((i) => signedUp(t, { firstName: `Fan${i}`, lastName: 'Test' })));
    expect((await fans[0].client.post(`/api/files/${file.id}/like`)).status).toBe(200);
    await eventually(async () => service.to(owner.device.path).length, (n) => n === 1);
    for (const fan of fans.slice(1)) expect((await fan.client.post(`/api/files/${file.id}/like`)).status).toBe(200);
    await jobsSettled(t.database, ['like.added', 'push.notification']);
    // Within the window: nothing more yet, then one push for the three.
    expect(service.to(owner.device.path)).toHaveLength(1);
    await eventually(async () => service.to(owner.device.path).length, (n) => n === 2, { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 1500));
    const pushes = pushesTo(owner.device.path, owner.device.keys);
    expect(pushes).toHaveLength(2);
    expect(pushes[0].body).toBe('Fan1 Test liked your file "Espresso"');
    expect(pushes[1].body).toBe('Fan4 Test and 2 others liked "Espresso"');
    expect(pushes[1].tag).toBe(pushes[0].tag);
  }, 60_000);

  it('pushes a direct message, which opens the thread', async () => {
    const reader = await subscribedMember();
    const writer = await signedUp(t, { firstName: 'Mia', lastName: 'Writer' });
    expect((await writer.client.post('/api/messages', { recipientId: reader.id, content: 'See you at the gallery?' })).status).toBe(201);
    await eventually(async () => service.to(reader.device.path).length, (n) => n === 1);
    expect(pushesTo(reader.device.path, reader.device.keys)).toEqual([
      expect.objectContaining({ kind: 'message', title: 'Mia Writer', body: 'See you at the gallery?', url: `/notifications?tab=messages&user=${writer.id}` }),
    ]);
  });

  it('respects the member\'s kinds: with likes off, a like is in the bell but not pushed; a comment still is', async () => {
    const owner = await subscribedMember();
    expect((await owner.client.put('/api/user/preferences', { pushKinds: ['comment', 'message'] })).status).toBe(200);
    const file = await uploadOk(owner.client, await photo('grass.jpg'), 'grass.jpg', { name: 'Quiet' });
    const fan = await signedUp(t, { firstName: 'Liz', lastName: 'Fan' });
    await fan.client.post(`/api/files/${file.id}/like`);
    expect((await fan.client.post(`/api/files/${file.id}/comments`, { content: 'Lovely light' })).status).toBe(201);
    await jobsSettled(t.database, PUSH_JOBS);
    expect(pushesTo(owner.device.path, owner.device.keys).map((p) => p.kind)).toEqual(['comment']);
    expect((await owner.client.get('/api/notifications')).body.notifications.map((n: { type: string }) => n.type).sort()).toEqual(['comment', 'like']);
    expect((await owner.client.put('/api/user/preferences', { pushKinds: ['nonsense'] })).status).toBe(400);
  });

  it('removes a device whose push service answers 410', async () => {
    const owner = await subscribedMember();
    service.answer(owner.device.path, 410);
    const file = await uploadOk(owner.client, await photo('grass.jpg'), 'grass.jpg', { name: 'Gone' });
    await (await signedUp(t)).client.post(`/api/files/${file.id}/like`);
    await eventually(async () => (await owner.client.get('/api/push/subscriptions')).body.devices.length, (n) => n === 0);
    expect(service.to(owner.device.path)).toHaveLength(1);
  });

  it('tries again after a 429 and after a service that hangs, within the push timeout', async () => {
    const owner = await subscribedMember();
    service.answer(owner.device.path, 429, 'hang', 201);
    const file = await uploadOk(owner.client, await photo('grass.jpg'), 'grass.jpg', { name: 'Later' });
    const started = Date.now();
    await (await signedUp(t)).client.post(`/api/files/${file.id}/like`);
    await eventually(async () => (await owner.client.get('/api/push/subscriptions')).body.devices[0]?.lastPushedAt, (v) => v != null, { timeoutMs: 75_000 });
    expect(service.to(owner.device.path)).toHaveLength(3);
    // The hung request was given up after PUSH_TIMEOUT_SECONDS (1 s), not held: the third try came.
    expect(Date.now() - started).toBeLessThan(75_000);
    expect(pushesTo(owner.device.path, owner.device.keys).at(-1)?.kind).toBe('like');
  }, 90_000);
});
