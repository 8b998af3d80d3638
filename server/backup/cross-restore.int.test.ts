import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Storage } from '../storage/storage';
import type { Database } from '../db/client';
import { writeBackup } from './backup';
import { emptyDiskStorage, expectSameInstance } from '../../tests/helpers/backup';
import { useBackupInstance } from '../../tests/helpers/backup-instance';

// The path a laptop install takes when it grows, and back. On the PGlite run this is
// PGlite → PostgreSQL → PGlite; on the PostgreSQL run, PostgreSQL → PGlite → PostgreSQL.

const b = useBackupInstance();
const scratch: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of scratch) await cleanup();
});

async function hop(from: { database: Database; storage: Storage }, kind: 'pglite' | 'postgres', name: string) {
  const file = path.join(b.work, `${name}.tar`);
  const summary = await writeBackup({ database: from.database, storage: from.storage, tmpDir: b.work }, createWriteStream(file));
  expect(summary.manifest.source).toBe(from.database.kind);
  const { storage: target, cleanup } = await emptyDiskStorage();
  scratch.push(cleanup);
  const { database } = await b.restoreInto(file, kind, target);
  return { database, storage: target };
}

it('restores into the other database and back with every row and byte unchanged', async () => {
  const source = { database: b.t.database, storage: b.storage };
  const other = b.t.database.kind === 'pglite' ? 'postgres' : 'pglite';
  const there = await hop(source, other, 'there');
  let back: { database: Database; storage: Storage } | null = null;
  try {
    expect(there.database.kind).toBe(other);
    await expectSameInstance(source, there);
    back = await hop(there, b.t.database.kind, 'back');
    await expectSameInstance(source, back);
  } finally {
    await there.database.close();
    await back?.database.close();
  }
}, 300_000);
