import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';
import { createLocalStorage } from '../storage/local-storage';
import type { Storage } from '../storage/storage';
import type { Database } from '../db/client';
import { writeBackup } from './backup';
import { restoreArchive } from './restore';
import { emptyDatabase, emptyDiskStorage, expectSameInstance, quietLog, seed } from '../../tests/helpers/backup';

// Issue 23: the path a laptop install takes when it grows, and back. On the PGlite run this is
// PGlite → PostgreSQL → PGlite; on the PostgreSQL run, PostgreSQL → PGlite → PostgreSQL.

let t: TestApp;
let storage: Storage;
let work: string;
const dirs: string[] = [];

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-cross-'));
  storage = createLocalStorage(path.join(work, 'uploads'));
  t = await startTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { storage });
  await seed(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
  for (const dir of [work, ...dirs]) await fs.rm(dir, { recursive: true, force: true });
});

async function hop(from: { database: Database; storage: Storage }, kind: 'pglite' | 'postgres', name: string) {
  const file = path.join(work, `${name}.tar`);
  const summary = await writeBackup({ database: from.database, storage: from.storage, tmpDir: work }, createWriteStream(file));
  expect(summary.manifest.source).toBe(from.database.kind);
  const { storage: target, dir } = await emptyDiskStorage();
  dirs.push(dir);
  const database = await emptyDatabase(kind);
  await restoreArchive(file, { database, storage: target, tmpDir: work, queueLog: quietLog });
  return { database, storage: target };
}

it('restores into the other database and back with every row and byte unchanged', async () => {
  const source = { database: t.database, storage };
  const other = t.database.kind === 'pglite' ? 'postgres' : 'pglite';
  const there = await hop(source, other, 'there');
  let back: { database: Database; storage: Storage } | null = null;
  try {
    expect(there.database.kind).toBe(other);
    await expectSameInstance(source, there);
    back = await hop(there, t.database.kind, 'back');
    await expectSameInstance(source, back);
  } finally {
    await there.database.close();
    await back?.database.close();
  }
}, 300_000);
