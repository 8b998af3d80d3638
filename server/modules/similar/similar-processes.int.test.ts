import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { openSharedState, type SharedState } from '../../lib/shared-state';
import { createLocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import { dropRedisPrefix, ensureRedis, testRedisPrefix, TEST_REDIS_URL } from '../../../tests/helpers/redis';
import { startTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { createTestDatabase } from '../../../tests/helpers/test-db';
import { eventually } from '../../../tests/helpers/wait';
import { uploadOk } from '../../../tests/helpers/upload';

// Two app processes of one deployment (one database, one Redis): `a` works the jobs and
// recognises, `b` only serves. Each holds its own neighbour index; the bus keeps both current.
const prefix = testRedisPrefix();
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const photos = path.resolve(import.meta.dirname, '../../../tests/fixtures/photos');
let database: Database;
// One bucket for all: each process stores and reads the same files.
let uploadsDir: string;
let storage: Storage;
const shared: SharedState[] = [];
const apps: TestApp[] = [];

async function startProcess(workers: boolean): Promise<TestApp> {
  const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, WORKERS: workers ? 'on' : 'off', AUTOTAG: 'on' };
  const state = await openSharedState(loadConfig(env), silent);
  shared.push(state);
  const t = await startTestApp(env, {}, { database, storage, bus: state.bus, counters: state.counters, turns: state.turns, live: state.live });
  apps.push(t);
  return t;
}

const upload = async (c: TestClient, name: string, bytes: Buffer): Promise<number> => (await uploadOk(c, bytes, name, {}, 'image/jpeg')).id;

const neighbours = async (c: TestClient, id: number): Promise<number[]> => (await c.get(`/api/files/${id}/similar`)).body.map((f: { id: number }) => f.id);

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  await ensureRedis();
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-similar-'));
  storage = createLocalStorage(uploadsDir);
  a = await startProcess(true);
  b = await startProcess(false);
}, 60_000);
afterAll(async () => {
  for (const t of apps) await t.close();
  await Promise.all(shared.map((s) => s.close()));
  await database?.close();
  await storage?.close();
  await fs.rm(uploadsDir, { recursive: true, force: true });
  await dropRedisPrefix(prefix);
});

describe('the neighbour index across app processes', () => {
  it('learns of an image recognised by another process, and forgets it when deleted elsewhere', async () => {
    const member = b.client();
    await signUp(member);
    const cat = await fs.readFile(path.join(photos, 'chelsea-cat.jpg'));
    const first = await upload(member, 'cat.jpg', cat);
    const second = await upload(member, 'cat-small.jpg', await sharp(cat).resize(200).jpeg({ quality: 50 }).toBuffer());
    // Recognised by `a`'s job; `b` hears of each embedding through Redis, not from its database.
    await eventually(() => Promise.resolve(b.app.similarIndex.size()), (n) => n === 2, { timeoutMs: 120_000, intervalMs: 100 });
    expect(await neighbours(member, first)).toEqual([second]);

    // Deleted through `a`: gone from `b`'s lists as soon as the delete answered.
    const onA = a.client();
    onA.cookies = new Map(member.cookies);
    expect((await onA.delete(`/api/files/${second}`)).status).toBe(200);
    expect(await neighbours(member, first)).toEqual([]);
    await eventually(() => Promise.resolve(b.app.similarIndex.size()), (n) => n === 1);
    expect(b.app.similarIndex.size()).toBe(1);
  }, 150_000);

  it('is rebuilt from the database when a process starts', async () => {
    const c = await startProcess(false);
    await c.app.similarIndex.ready();
    expect(c.app.similarIndex.size()).toBe(a.app.similarIndex.size());
  });
});
