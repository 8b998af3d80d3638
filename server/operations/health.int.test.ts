import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createTestDatabase } from '../../tests/helpers/test-db';
import { startTestApp, useTestApp, type TestApp } from '../../tests/helpers/test-app';
import { startTcpProxy, type TcpProxy } from '../../tests/helpers/tcp-proxy';
import { ensureRedis, testRedisPrefix, TEST_REDIS_URL } from '../../tests/helpers/redis';
import Fastify from 'fastify';
import { loadConfig } from '../config';
import { openSharedState } from '../shared-state';

const t = useTestApp();

async function timed(url: string) {
  const started = Date.now();
  const res = await fetch(url);
  return { status: res.status, body: await res.json(), ms: Date.now() - started, headers: res.headers };
}

describe('GET /healthz and GET /readyz', () => {
  it('answer 200 with every dependency named, without a session, a version or a secret', async () => {
    const live = await timed(`${t.url}/healthz`);
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await timed(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(ready.body)).not.toMatch(/\d+\.\d+\.\d+|postgres|127\.0\.0\.1/);
  });

  it('look up no session: a stale cookie is neither read nor cleared, unlike on the API', async () => {
    const cookie = { cookie: 'kaleido_session=not-a-session-token' };
    const api = await fetch(`${t.url}/api/config`, { headers: cookie });
    expect(api.headers.getSetCookie().join()).toMatch(/kaleido_session=;/);
    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(`${t.url}${path}`, { headers: cookie });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('answers 503 naming the database within a second while the database does not answer', async () => {
    // PGlite's one connection held by a transaction past the check's limit (PostgreSQL: below).
    const busy = t.database.kind === 'pglite' ? t.database.pglite!.transaction(() => new Promise((r) => setTimeout(r, 2000))) : null;
    if (busy) {
      await new Promise((r) => setTimeout(r, 50));
      const ready = await timed(`${t.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', failed: ['database'], checks: { database: 'timed out', storage: 'ok' } });
      expect(ready.ms).toBeLessThan(1000);
      // The process itself is up: the liveness probe makes no database call.
      const live = await timed(`${t.url}/healthz`);
      expect(live.status).toBe(200);
      expect(live.ms).toBeLessThan(500);
      await busy;
    }
    expect((await timed(`${t.url}/readyz`)).status).toBe(200);
  });

  it('answers 503 shutting-down once a shutdown began, while the rest still serves', async () => {
    const app = await startTestApp();
    try {
      app.app.health.drain();
      const ready = await timed(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body.failed).toEqual(['shutting-down']);
      expect((await timed(`${app.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${app.url}/api/config`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('GET /readyz with REDIS_URL', () => {
  it('names Redis: ok while it answers, 503 `redis` within a second while it does not', async () => {
    await ensureRedis();
    const log = Fastify({ logger: false }).log;
    const up = await openSharedState(loadConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() }), log, 3000);
    // Nothing listens on port 1.
    const down = await openSharedState(loadConfig({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: testRedisPrefix() }), log, 300);
    const apps = [];
    try {
      for (const state of [up, down]) apps.push(await startTestApp({}, {}, { bus: state.bus, counters: state.counters, turns: state.turns, live: state.live, redisPing: state.ping }));
      const ok = await timed(`${apps[0].url}/readyz`);
      expect(ok.status).toBe(200);
      expect(ok.body.checks).toEqual({ database: 'ok', redis: 'ok', storage: 'ok' });
      const failed = await timed(`${apps[1].url}/readyz`);
      expect(failed.status).toBe(503);
      expect(failed.body.failed).toEqual(['redis']);
      expect(failed.ms).toBeLessThan(1000);
    } finally {
      for (const app of apps) await app.close();
      await Promise.all([up.close(), down.close()]);
    }
  });
});

// PostgreSQL behind a relay the test can cut: the server stopped, then a server that stopped answering.
describe.runIf(process.env.TEST_DB === 'postgres')('GET /readyz with PostgreSQL stopped', () => {
  let base: Database;
  let proxy: TcpProxy;
  let app: TestApp;

  beforeAll(async () => {
    base = await createTestDatabase();
    const target = new URL(base.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const relayed = new URL(base.url!);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(proxy.port);
    const database = await openDatabase({ url: relayed.toString() });
    app = await startTestApp({}, {}, { database });
    // The app leaves a database handed to it open: closed after it.
    const close = app.close;
    app.close = async () => {
      await close();
      await database.close();
    };
  });

  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await proxy?.close();
    await base?.close();
  });

  it('answers 503 naming the database within a second, stopped or silent, and 200 once it is back', async () => {
    expect((await timed(`${app.url}/readyz`)).status).toBe(200);
    proxy.stop();
    const stopped = await timed(`${app.url}/readyz`);
    expect(stopped.status).toBe(503);
    expect(stopped.body.failed).toEqual(['database']);
    expect(stopped.ms).toBeLessThan(1000);
    expect((await timed(`${app.url}/healthz`)).status).toBe(200);

    proxy.hang();
    const silent = await timed(`${app.url}/readyz`);
    expect(silent.status).toBe(503);
    expect(silent.body).toMatchObject({ failed: ['database'], checks: { database: 'timed out' } });
    expect(silent.ms).toBeLessThan(1000);

    proxy.resume();
    await expect.poll(async () => (await timed(`${app.url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
  });
});
