import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../helpers/media-samples';
import { dropRedisPrefix, ensureRedis, testRedisPrefix, TEST_REDIS_URL } from '../helpers/redis';
import { withDatabase } from '../helpers/test-db';
import { signUp, TestClient } from '../helpers/test-client';
import { uploadOk } from '../helpers/upload';
import { freePort } from '../helpers/free-port';

// `npm run test:scale` (decision 016): the built server as production runs
// it at scale. Two app processes on two ports with WORKERS=0, one `dist/server/worker.js`, a
// fresh PostgreSQL database, Redis (a key prefix of this run's own) and, when the S3 driver is
// in the tree, STORAGE=s3 against s3rver on loopback. Every client talks to the processes the
// way a browser behind a load balancer would: one public origin, one cookie, any process.

const root = path.resolve(import.meta.dirname, '..', '..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `kaleido_scale_${crypto.randomBytes(5).toString('hex')}`;
const databaseUrl = withDatabase(adminUrl, dbName);
const redisPrefix = testRedisPrefix();
const publicUrl = 'http://kaleido.localhost';
const RATE_LIMIT = 3;
/** The S3 driver's test helper (its own branch): once it is in the tree, files live in s3rver. */
const s3Helper = path.join(root, 'tests', 'helpers', 's3-server.ts');
const withS3 = existsSync(s3Helper);

type Proc = { name: string; child: ChildProcess; log: string[] };
const procs: Proc[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
let env: Record<string, string>;
let a: { url: string };
let b: { url: string };
let worker: Proc;
let workerDir: string;

async function admin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(query, params)).rows as T[];
  } finally {
    await c.end();
  }
}

function logsOf(...list: Proc[]): string {
  return list.map((p) => `--- ${p.name}\n${p.log.join('').slice(-4000)}`).join('\n');
}

function start(name: string, entry: 'main' | 'worker', extra: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist', 'server', `${entry}.js`)], {
    cwd: extra.DATA_DIR,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { name, child, log: [] as string[] };
  child.stdout!.on('data', (c) => proc.log.push(String(c)));
  child.stderr!.on('data', (c) => proc.log.push(String(c)));
  procs.push(proc);
  return proc;
}

async function startApp(name: string, dataDir: string): Promise<{ url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = start(name, 'main', { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WORKERS: '0' });
  for (const until = Date.now() + 90_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    if (proc.child.exitCode !== null) throw new Error(`${name} exited with ${proc.child.exitCode}\n${logsOf(proc)}`);
    if (await fetch(`${url}/api/config`).then((r) => r.ok, () => false)) return { url };
  }
  throw new Error(`${name} did not answer\n${logsOf(proc)}`);
}

/** The worker is up once it logs that it works jobs (its start-up line is at info). */
async function startWorker(dataDir: string): Promise<Proc> {
  const proc = start('worker', 'worker', { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  for (const until = Date.now() + 90_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    if (proc.child.exitCode !== null) throw new Error(`worker exited with ${proc.child.exitCode}\n${logsOf(proc)}`);
    if (proc.log.join('').includes('working jobs')) return proc;
  }
  throw new Error(`worker did not start\n${logsOf(proc)}`);
}

function stopped(proc: Proc, signal: NodeJS.Signals): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.child.once('exit', () => resolve());
    proc.child.kill(signal);
  });
}

/** A browser behind the balancer: `via` is the process this request happens to reach. */
function browser(): { on(t: { url: string }): TestClient } {
  const cookies = new Map<string, string>();
  return {
    on(t) {
      const client = new TestClient(t.url, publicUrl);
      client.cookies = cookies;
      return client;
    },
  };
}

const upload = (client: TestClient, bytes: Buffer, name: string) => uploadOk<{ id: number; contentUrl: string }>(client, bytes, name);

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  await ensureRedis();
  await admin(`CREATE DATABASE ${dbName}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`), () => dropRedisPrefix(redisPrefix));

  let storageEnv: Record<string, string> = {};
  if (withS3) {
    const { startS3Server } = (await import(/* @vite-ignore */ s3Helper)) as {
      startS3Server(): Promise<{ env: Record<string, string>; stop(): Promise<void> }>;
    };
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    storageEnv = s3.env;
  }
  // With S3 every process has a data folder of its own (nothing is shared through a disk);
  // without it they share one uploads folder, as processes on one machine would.
  const dirs = await Promise.all(['a', 'b', 'w'].map((n) => fs.mkdtemp(path.join(os.tmpdir(), `kaleido-scale-${n}-`))));
  cleanups.push(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));
  const [dirA, dirB, dirW] = withS3 ? dirs : [dirs[0], dirs[0], dirs[0]];
  workerDir = dirW;

  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    // No balancer to drain for: the processes stop at once.
    SHUTDOWN_DRAIN_SECONDS: '0',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
    AUTOTAG: 'on',
    AUTH_RATE_LIMIT: String(RATE_LIMIT),
    WRITE_BUDGET_SCALE: '50',
    MAX_CONNECTIONS_PER_ADDRESS: '5000',
    AUTH_HASHES_PER_SECOND: '1000',
    ...storageEnv,
  };
  // Registered first: the processes stop even when one of them fails to start.
  cleanups.push(() => Promise.all(procs.map((p) => stopped(p, 'SIGTERM'))));
  // A first, alone: it applies the migrations to the fresh database.
  a = await startApp('app A', dirA);
  [b, worker] = await Promise.all([startApp('app B', dirB), startWorker(dirW)]);
}, 300_000);

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
}, 60_000);

describe(`two app processes, one worker, PostgreSQL, Redis${withS3 ? ', S3' : ''}`, () => {
  it('a logout on A ends the session on B at once', async () => {
    const member = browser();
    await signUp(member.on(a));
    expect((await member.on(b).get('/api/user')).status).toBe(200);
    expect((await member.on(b).get('/api/user')).status).toBe(200);
    // A keeps a copy of the cookie: the browser drops it at logout, a stolen copy must fail too.
    const stolen = new TestClient(b.url, publicUrl);
    stolen.cookies = new Map(member.on(a).cookies);
    expect((await member.on(a).post('/api/logout')).status).toBe(200);
    expect((await stolen.get('/api/user')).status).toBe(401);
  });

  it('the rate limit counts failures on both processes together', async () => {
    const m = await signUp(browser().on(a));
    const targets = [a, b, a];
    for (const [i, t] of targets.entries()) {
      expect((await browser().on(t).post('/api/login', { emailOrUsername: m.username, password: `guess-${i}` })).status).toBe(401);
    }
    const res = await browser().on(b).post('/api/login', { emailOrUsername: m.username, password: m.password });
    expect(res.status).toBe(429);
  });

  it(`a file uploaded through A is served by B${withS3 ? ' from S3' : ''}`, async () => {
    const owner = browser();
    await signUp(owner.on(a));
    const bytes = await samples.pngWithAlpha(64, 48);
    const file = await upload(owner.on(a), bytes, 'dot.png');
    const res = await fetch(b.url + file.contentUrl, { headers: { cookie: owner.on(b).cookieHeader } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  // Needs the notifications branch: GET /api/events and the like notification.
  it('a member liking on A is notified live on the stream the owner holds open on B', async () => {
    const owner = browser();
    const liker = browser();
    await signUp(owner.on(a));
    await signUp(liker.on(b));
    const file = await upload(owner.on(a), await samples.pngWithAlpha(32, 32), 'liked.png');
    const abort = new AbortController();
    const stream = await fetch(`${b.url}/api/events`, { headers: { cookie: owner.on(b).cookieHeader, accept: 'text/event-stream' }, signal: abort.signal });
    expect(stream.status).toBe(200);
    let text = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        if (/^event: notification$/m.test(text)) return;
      }
    })().catch(() => undefined);
    expect((await liker.on(a).post(`/api/files/${file.id}/like`)).status).toBe(200);
    await Promise.race([reading, new Promise((r) => setTimeout(r, 10_000))]);
    abort.abort();
    expect(text).toMatch(/^event: notification$/m);
  });

  it('a worker killed in the middle of a job is started again and the job completes', async () => {
    const owner = browser();
    await signUp(owner.on(a));
    // A large photo: its derivatives and, on this fresh worker, the recognition models' first
    // load keep the job running for a while.
    const file = await upload(owner.on(a), await samples.largeNoisyJpeg(3000, 2000), 'big.jpg');
    const job = async () =>
      (await rows<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where name = 'file.uploaded' and (data->>'fileId')::int = $1`, [file.id]))[0];
    for (const until = Date.now() + 60_000; (await job())?.state !== 'active'; await new Promise((r) => setTimeout(r, 25))) {
      if (Date.now() > until) throw new Error(`the job never ran: ${JSON.stringify(await job())}\n${logsOf(worker)}`);
    }
    await stopped(worker, 'SIGKILL');
    const recognized = async () => (await rows<{ recognized_at: Date | null }>('select recognized_at from files where id = $1', [file.id]))[0].recognized_at;
    expect(await recognized()).toBeNull();
    expect((await job()).state).toBe('active');

    worker = await startWorker(workerDir);
    // The result commits a moment before pg-boss records the job as completed: wait for both.
    for (const until = Date.now() + 150_000; !(await recognized()) || (await job()).state !== 'completed'; await new Promise((r) => setTimeout(r, 500))) {
      if (Date.now() > until) throw new Error(`the job did not complete: ${JSON.stringify(await job())}\n${logsOf(worker)}`);
    }
    expect((await job()).state).toBe('completed');
    // Its tags reach both app processes' feeds and file pages.
    const tags = (await owner.on(b).get(`/api/files/${file.id}`)).body.tags as string[];
    expect(tags.length).toBeGreaterThan(0);
  }, 240_000);
});
