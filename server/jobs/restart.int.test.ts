import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { files } from '../db/schema/index';
import { signUp, TestClient } from '../../tests/helpers/test-client';
import { copyOfTemplate, createTestDatabase } from '../../tests/helpers/test-db';
import { createJobQueue } from './queue';
import { photo, upload } from '../../tests/helpers/upload';
import { freePort } from '../../tests/helpers/free-port';
import { untilServing } from '../../tests/helpers/server-process';
import { silentLog } from '../../tests/helpers/silent-log';

const root = path.resolve(import.meta.dirname, '../..');

/** The real server (`tsx server/main.ts`) as a child process, answered once it listens. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // PUBLIC_URL is the origin the client sends: writes from any other origin are refused.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', AUTOTAG: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  await untilServing(child, url, () => stderr);
  return { child, url };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A database the child can open too: a PGlite folder, or a fresh copy of the PostgreSQL template. */
async function sharedDatabase(dataDir: string): Promise<{ env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> }> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    return { env: {}, open: () => openDatabase({ url: null, pgliteDir: path.join(dataDir, 'db') }), drop: async () => {} };
  }
  const copy = await copyOfTemplate(target, 'r');
  return { env: { DATABASE_URL: copy.url }, open: () => openDatabase({ url: copy.url }), drop: copy.drop };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe('a crash between the answer and the job', () => {
  it('loses nothing: after SIGKILL and a restart the uploaded file gets its tags', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-crash-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const db = await sharedDatabase(dataDir);
    cleanups.push(() => db.drop());
    const env = { DATA_DIR: dataDir, ...db.env };

    // WORKERS=0: the first process only enqueues, so the job cannot have run when it is killed.
    const first = await startServer({ ...env, WORKERS: '0' });
    cleanups.push(async () => first.child.kill('SIGKILL'));
    const member = new TestClient(first.url);
    await signUp(member);
    const up = await upload(member, await photo('coffee-cup.jpg'), 'cup.jpg', { tags: 'mine' }, 'image/jpeg');
    expect(up.status).toBe(201);
    await killed(first.child);

    const second = await startServer(env);
    cleanups.push(async () => second.child.kill('SIGKILL'));
    const reader = new TestClient(second.url);
    let file: { tags: string[] } = { tags: [] };
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      file = (await reader.get(`/api/files/${up.body.id}`)).body;
      if (file.tags.length > 1) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // AUTOTAG=off still recognises colour and orientation, so more than the owner's tag means it ran.
    expect(file.tags[0]).toBe('mine');
    expect(file.tags.length).toBeGreaterThan(1);
    await new Promise<void>((resolve) => {
      second.child.once('exit', () => resolve());
      second.child.kill('SIGTERM');
    });
    expect(second.child.exitCode).toBe(0);
    const database = await db.open();
    const [row] = await database.db.select({ at: files.recognizedAt }).from(files).where(eq(files.id, up.body.id));
    await database.close();
    expect(row.at).not.toBeNull();
  }, 180_000);
});

describe('a scheduled job', () => {
  it('runs once per period, even when the process restarts within the period', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const runs: number[] = [];
    const schedules = { 'tokens.expired': '* * * * *' };
    async function startQueue() {
      const q = createJobQueue(database, { log: silentLog, work: true, schedules, pollingIntervalSeconds: 0.5 });
      q.work('tokens.expired', async () => {
        runs.push(Date.now());
      });
      await q.start();
      return q;
    }
    const waitRuns = async (n: number, ms: number) => {
      const until = Date.now() + ms;
      while (runs.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    };
    let q = await startQueue();
    await waitRuns(1, 75_000);
    expect(runs).toHaveLength(1);
    const firstMinute = Math.floor(runs[0] / 60_000);
    // Restart inside the same minute: the new process must not send that minute's job again.
    await q.stop();
    q = await startQueue();
    await waitRuns(2, 75_000);
    await q.stop();
    expect(runs).toHaveLength(2);
    // On a loaded machine a minute's job may be sent late, in the next minute: what must hold is
    // one job per minute slot of the schedule, however often the process restarted.
    const rows = async (q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const slots = (await rows(sql`select data->>'slot' as slot from pgboss.job where data->>'name' = 'tokens.expired'`)).map((r) => String(r.slot));
    const sent = await rows(sql`select id from pgboss.job where name = 'tokens.expired'`);
    expect(new Set(slots).size).toBe(slots.length);
    expect(sent.length).toBe(slots.length);
    expect(Math.floor(runs[1] / 60_000)).toBeGreaterThanOrEqual(firstMinute);
  }, 200_000);
});
