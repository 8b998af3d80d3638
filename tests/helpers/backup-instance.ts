import { createWriteStream, mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { writeBackup } from '../../server/backup/backup';
import { restoreArchive } from '../../server/backup/restore';
import { createLocalStorage } from '../../server/storage/local-storage';
import type { Storage } from '../../server/storage/storage';
import { emptyDatabase, quietLog, seed, withoutTimedPasses } from './backup';
import { late } from './late';
import { lateTestApp, startTestApp, type TestApp } from './test-app';

export type BackupInstance = {
  t: TestApp;
  storage: Storage;
  /** A scratch folder of this file's, removed after it. */
  work: string;
  seeded: Awaited<ReturnType<typeof seed>>;
  /** A backup of the running instance, written to `work/name`. */
  backupTo(name: string): Promise<string>;
  /** A restore of `file` into a new empty database of `kind` and `target`; the caller closes the database. */
  restoreInto(file: string, kind: 'pglite' | 'postgres', target: Storage): ReturnType<typeof restoreInto>;
};

async function restoreInto(file: string, kind: 'pglite' | 'postgres', target: Storage, tmpDir: string) {
  const database = await emptyDatabase(kind);
  try {
    const summary = await restoreArchive(file, { database, storage: target, tmpDir, queueLog: quietLog });
    return { database, summary };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * The seeded instance the backup tests back up (disk storage in a scratch folder), started
 * once per file and closed after it. Its members may be taken at once (`const { t, storage } =
 * useBackupInstance()`); they read the instance when used, inside tests and hooks.
 */
export function useBackupInstance(): BackupInstance {
  const work = mkdtempSync(path.join(os.tmpdir(), 'kaleido-backup-'));
  const storage = createLocalStorage(path.join(work, 'uploads'));
  let t: TestApp | undefined;
  let seeded: BackupInstance['seeded'] | undefined;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { storage, ...withoutTimedPasses });
    seeded = await seed(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fs.rm(work, { recursive: true, force: true });
  });
  const b: BackupInstance = {
    t: lateTestApp(() => t),
    storage,
    work,
    seeded: late(() => seeded, 'the backup instance'),
    backupTo: async (name: string) => {
      const file = path.join(work, name);
      await writeBackup({ database: b.t.database, storage, tmpDir: work }, createWriteStream(file));
      return file;
    },
    restoreInto: (file: string, kind: 'pglite' | 'postgres', target: Storage) => restoreInto(file, kind, target, work),
  };
  return b;
}
