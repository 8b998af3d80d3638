import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/auth';
import { TEST_REDIS_URL } from '../../tests/helpers/redis';
import { useDeployment } from '../../tests/helpers/deployment';
import { freePort } from '../../tests/helpers/free-port';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signUp, TestClient } from '../../tests/helpers/test-client';
import * as samples from '../../tests/helpers/media-samples';
import { loadConfig } from '../config';
import { files } from '../db/schema/index';
import type { LiveEvent } from '../live/live-hub';
import { connectRedis } from './redis-connection';
import { openSharedState } from '../shared-state';
import { createRedisTurns } from './throttle';
import { upload } from '../../tests/helpers/upload';
import { silentLog } from '../../tests/helpers/silent-log';

// Two app processes of one deployment, here two app instances in one test process: one
// database, one Redis (a key prefix of this file's own), each with its own Redis connections.
const RATE_LIMIT = 3;
// `a` works the job queue, `b` only enqueues.
const pair = useDeployment(2, { AUTH_RATE_LIMIT: String(RATE_LIMIT) });
let a: TestApp;
let b: TestApp;
beforeAll(() => {
  [a, b] = pair.apps;
});

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}


/** The same browser talking to another process behind the balancer: same cookie. */
function sameBrowserOn(t: TestApp, client: TestClient): TestClient {
  const other = t.client();
  other.cookies = new Map(client.cookies);
  return other;
}

describe('two app processes sharing Redis', () => {
  it('a logout on A ends the session on B at once', async () => {
    const onA = a.client();
    await signUp(onA);
    const onB = sameBrowserOn(b, onA);
    // B has the session cached now.
    expect((await onB.get('/api/user')).status).toBe(200);
    expect((await onB.get('/api/user')).status).toBe(200);
    expect((await onA.post('/api/logout')).status).toBe(200);
    expect((await onB.get('/api/user')).status).toBe(401);
  });

  it('a feed write on A empties the feed cache of B', async () => {
    const owner = a.client();
    await signUp(owner);
    const up = await upload(owner, samples.ooxml('docx'), 'note.docx');
    expect(up.status).toBe(201);
    const viewer = b.client();
    await signUp(viewer);
    const card = async () => ((await viewer.get('/api/files?offset=0&limit=20')).body as { id: number; tags: string[]; likeCount: number }[]).find((c) => c.id === up.body.id)!;
    expect((await card()).likeCount).toBe(0);
    // B really caches: a change that no process announced is not seen there...
    await a.database.db.update(files).set({ tags: ['sneaky'] }).where(eq(files.id, up.body.id));
    expect((await card()).tags).not.toContain('sneaky');
    // ...while a like through A is seen on B at once (with the unannounced change).
    expect((await sameBrowserOn(a, viewer).post(`/api/files/${up.body.id}/like`)).status).toBeLessThan(300);
    const after = await card();
    expect(after.likeCount).toBe(1);
    expect(after.tags).toContain('sneaky');
  });

  it('views written by A are laid over B’s cached cards, and a grant withdrawn on A is gone on B at once', async () => {
    const owner = a.client();
    await signUp(owner);
    const member = a.client();
    const memberId = (await signUp(member)).id as number;
    const folder = (await owner.post('/api/folders', { name: 'Two processes' })).body as { id: number };
    expect((await owner.post(`/api/folders/${folder.id}/collaborators`, { userId: memberId, role: 'VIEWER' })).status).toBe(201);
    const up = await upload(owner, samples.ooxml('docx'), 'shared.docx', { isPublic: 'false', folderId: String(folder.id) });
    expect(up.status).toBe(201);
    const onB = sameBrowserOn(b, member);
    const ownerOnB = sameBrowserOn(b, owner);
    const card = async () => ((await ownerOnB.get('/api/files?offset=0&limit=20')).body as { id: number; viewCount: number }[]).find((c) => c.id === up.body.id);
    expect((await card())?.viewCount).toBe(0);
    expect((await member.get(`/api/files/${up.body.id}`)).status).toBe(200);
    await a.app.views.flush();
    expect((await card())?.viewCount).toBe(1);
    expect((await onB.get(`/api/files/${up.body.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/folders/${folder.id}/collaborators/${memberId}`)).status).toBe(200);
    expect((await onB.get(`/api/files/${up.body.id}`)).status).toBe(404);
    expect(((await onB.get('/api/files?offset=0&limit=20')).body as { id: number }[]).map((c) => c.id)).not.toContain(up.body.id);
  });

  it('failed sign-ins on A and B count toward one limit', async () => {
    const m = await signUp(a.client());
    const processes = [a, b, a];
    for (const [i, t] of processes.entries()) {
      expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: `guess-${i}` })).status).toBe(401);
    }
    // The fourth failure from this address, on B, is over the shared budget of three.
    const res = await b.client().post('/api/login', { emailOrUsername: m.username, password: m.password });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: authMessages.tooManyAttempts });
  });

  it('a live event published on A reaches the subscriber on B, once, and the one on A, once', async () => {
    const seenOnA: LiveEvent[] = [];
    const seenOnB: LiveEvent[] = [];
    const stopA = a.app.live.subscribe(4242, (e) => seenOnA.push(e));
    const stopB = b.app.live.subscribe(4242, (e) => seenOnB.push(e));
    const elsewhere: LiveEvent[] = [];
    const stopOther = b.app.live.subscribe(4243, (e) => elsewhere.push(e));
    const event: LiveEvent = { type: 'unread', data: { notifications: 3, messages: 1 } };
    a.app.live.publish(4242, event);
    for (let i = 0; i < 100 && seenOnB.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    expect(seenOnB).toEqual([event]);
    expect(seenOnA).toEqual([event]);
    expect(elsewhere).toEqual([]);
    for (const stop of [stopA, stopB, stopOther]) stop();
  });

  it("an attacked account's sign-ins take turns across processes", async () => {
    const [one, two] = [connectRedis(TEST_REDIS_URL, { prefix: pair.prefix, log: silentLog }), connectRedis(TEST_REDIS_URL, { prefix: pair.prefix, log: silentLog })];
    try {
      await Promise.all([one.ready(5000), two.ready(5000)]);
      const first = await createRedisTurns(one).take('victim', 1000, 8000);
      const second = await createRedisTurns(two).take('victim', 1000, 8000);
      expect(first).toMatchObject({ waitMs: expect.any(Number) });
      // The second process books the turn after the first one's, not one of its own.
      expect((second as { waitMs: number }).waitMs).toBeGreaterThan(500);
      expect(await createRedisTurns(two).take('victim', 7000, 8000)).toMatchObject({ waitMs: expect.any(Number) });
      expect(await createRedisTurns(one).take('victim', 1000, 8000)).toMatchObject({ retryAfterMs: expect.any(Number) });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('with Redis unreachable', () => {
  it('keeps serving: sessions, logout, the feed and the rate limit work from this process', async () => {
    const errors: string[] = [];
    const log = { ...silentLog, error: (m: string) => errors.push(m) } as never;
    // Nothing listens on port 1.
    const state = await openSharedState(loadConfig({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: pair.prefix }), log, 300);
    const t = await startTestApp({ AUTH_RATE_LIMIT: '2' }, {}, { bus: state.bus, counters: state.counters, turns: state.turns, live: state.live });
    try {
      expect(errors.join('\n')).toMatch(/redis/);
      expect(state.bus.reliable()).toBe(false);
      const member = t.client();
      const m = await signUp(member);
      expect((await member.get('/api/user')).status).toBe(200);
      expect((await member.get('/api/files?offset=0&limit=20')).status).toBe(200);
      expect((await member.post('/api/logout')).status).toBe(200);
      expect((await member.get('/api/user')).status).toBe(401);
      for (let i = 0; i < 2; i++) expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: 'wrong' })).status).toBe(401);
      expect((await t.client().post('/api/login', { emailOrUsername: m.username, password: 'wrong' })).status).toBe(429);
      const events: LiveEvent[] = [];
      const stop = t.app.live.subscribe(m.id, (e) => events.push(e));
      t.app.live.publish(m.id, { type: 'folder', data: { folderId: 1 } });
      stop();
      expect(events).toHaveLength(1);
    } finally {
      await t.close();
      await state.close();
    }
  });
});

describe('a Redis outage while two processes run', () => {
  let port: number;
  let server: ChildProcess | null = null;
  let c: TestApp;
  let d: TestApp;

  // A Redis of this test's own, so stopping it touches nobody else's.
  async function startRedis(): Promise<void> {
    server = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until(() => new Promise<boolean>((resolve) => net.connect(port, '127.0.0.1').on('connect', function (this: net.Socket) { this.end(); resolve(true); }).on('error', () => resolve(false))), 'redis-server');
  }
  async function stopRedis(): Promise<void> {
    const s = server;
    server = null;
    if (!s || s.exitCode !== null) return;
    await new Promise((resolve) => s.once('exit', resolve).kill('SIGKILL'));
  }

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
  });
  // Registered before the deployment's hooks: Redis is up before it starts and stopped after it closed.
  afterAll(stopRedis);
  const outage = useDeployment(2, { AUTH_RATE_LIMIT: String(RATE_LIMIT) }, {}, () => ({ redisUrl: `redis://127.0.0.1:${port}` }));
  const states = () => outage.states;
  beforeAll(() => {
    [c, d] = outage.apps;
  });

  it('keeps serving with its caches bypassed, so a logout elsewhere still ends the session at once; shares again once Redis is back', async () => {
    const browserOnC = c.client();
    await signUp(browserOnC);
    const onD = sameBrowserOn(d, browserOnC);
    expect((await onD.get('/api/user')).status).toBe(200);

    await stopRedis();
    await until(() => states().every((s) => !s.bus.reliable()), 'both processes to notice');
    // D cannot hear C's logout now, and does not need to: it reads the session from the database.
    expect((await onD.get('/api/user')).status).toBe(200);
    expect((await onD.get('/api/files?offset=0&limit=20')).status).toBe(200);
    expect((await browserOnC.post('/api/logout')).status).toBe(200);
    expect((await onD.get('/api/user')).status).toBe(401);

    await startRedis();
    await until(() => states().every((s) => s.bus.reliable()), 'both processes to reconnect', 20_000);
    const again = c.client();
    await signUp(again);
    const againOnD = sameBrowserOn(d, again);
    expect((await againOnD.get('/api/user')).status).toBe(200);
    expect((await againOnD.get('/api/user')).status).toBe(200);
    expect((await again.post('/api/logout')).status).toBe(200);
    // The logout reaches D through the renewed subscription (not the 60 s TTL): a loaded machine
    // may answer D's next request before the message lands, so allow the channel's delivery time.
    await until(async () => (await againOnD.get('/api/user')).status === 401, 'the logout to reach D', 3_000);
  }, 90_000);
});
