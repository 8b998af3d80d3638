import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';
import { startS3Server, type TestS3Server } from '../../tests/helpers/s3-server';
import type { Database } from '../db/client';
import { createLocalStorage } from '../storage/local-storage';
import { createS3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';
import * as samples from '../../tests/helpers/media-samples';
import { writeBackup } from './backup';
import { BACKUP_KEYS_SQL } from './backup.repo';
import { restoreArchive, TargetNotEmptyError } from './restore';
import { ArchiveError } from './verify-archive';
import { emptyDatabase, emptyDiskStorage, expectSameInstance, objectBytes, quietLog, seed, tableRows, tableRowsBy, uploadFile, type Seeded } from '../../tests/helpers/backup';

// Issue 23, operators: a backup taken while the app serves restores into an empty target, on
// either database and either storage, with every row and every byte as the snapshot had them.

let t: TestApp;
let storage: Storage;
let work: string;
let seeded: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-backup-'));
  storage = createLocalStorage(path.join(work, 'uploads'));
  t = await startTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { storage });
  seeded = await seed(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(work, { recursive: true, force: true });
});

async function backupTo(name: string): Promise<string> {
  const file = path.join(work, name);
  await writeBackup({ database: t.database, storage, tmpDir: work }, createWriteStream(file));
  return file;
}

async function restoreInto(file: string, kind: 'pglite' | 'postgres', target: Storage) {
  const database = await emptyDatabase(kind);
  try {
    const summary = await restoreArchive(file, { database, storage: target, tmpDir: work, queueLog: quietLog });
    return { database, summary };
  } catch (err) {
    await database.close();
    throw err;
  }
}

async function count(database: Database, query: string): Promise<number> {
  const r = (await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(r.rows[0])[0]);
}

describe('backup while the app serves', () => {
  it('keeps serving uploads and likes during the backup, and the restored snapshot is consistent and complete', async () => {
    const before = await count(t.database, 'SELECT count(*) FROM files');
    const { ana, bob } = seeded.clients;
    let running = true;
    let uploads = 0;
    let likes = 0;
    const writers = (async () => {
      const gif = await samples.gif();
      while (running) {
        const id = await uploadFile(ana, `busy-${uploads}.gif`, gif, 'image/gif');
        uploads++;
        expect((await bob.post(`/api/files/${id}/like`)).status).toBe(200);
        likes++;
      }
    })();
    // A delete that commits while the backup copies: its row goes first, then its objects.
    const doomed = await uploadFile(ana, 'doomed.gif', await samples.gif(), 'image/gif');
    const deleting = (async () => {
      await new Promise((r) => setTimeout(r, 50));
      expect((await ana.delete(`/api/files/${doomed}`)).status).toBe(200);
    })();
    // On PostgreSQL the test reads the backup's exact moment through its exported snapshot.
    let atSnapshot: Record<string, string[]> | null = null;
    const file = path.join(work, 'busy.tar');
    await writeBackup(
      {
        database: t.database,
        storage,
        tmpDir: work,
        onSnapshot: async (snapshot) => {
          if (!snapshot.snapshotId) return;
          const reader = new pg.Client({ connectionString: t.database.url });
          await reader.connect();
          try {
            await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
            await reader.query(`SET TRANSACTION SNAPSHOT '${snapshot.snapshotId}'`);
            atSnapshot = await tableRowsBy(async (q) => (await reader.query(q)).rows);
          } finally {
            await reader.end();
          }
        },
      },
      createWriteStream(file),
    );
    running = false;
    await Promise.all([writers, deleting]);
    expect(uploads).toBeGreaterThan(0);
    expect(likes).toBeGreaterThan(0);

    const { storage: target, dir } = await emptyDiskStorage();
    const { database } = await restoreInto(file, t.database.kind, target);
    try {
      // Everything acknowledged before the backup began is there.
      expect(await count(database, 'SELECT count(*) FROM files')).toBeGreaterThanOrEqual(before);
      for (const id of seeded.files) expect(await count(database, `SELECT count(*) FROM files WHERE id = ${id}`)).toBe(1);
      // One moment: every counter agrees with the rows it counts.
      expect(await count(database, 'SELECT count(*) FROM files f WHERE like_count <> (SELECT count(*) FROM file_likes l WHERE l.file_id = f.id)')).toBe(0);
      expect(await count(database, 'SELECT count(*) FROM files f WHERE comment_count <> (SELECT count(*) FROM comments c WHERE c.file_id = f.id)')).toBe(0);
      // Every object a restored row names is there, with the source's bytes.
      const named = (await database.db.execute(sql.raw(BACKUP_KEYS_SQL))) as unknown as { rows: { k: string }[] };
      expect(named.rows.length).toBeGreaterThan(seeded.files.length);
      for (const { k } of named.rows) {
        const restored = await objectBytes(target, k);
        if (await storage.stat(k)) expect(restored.equals(await objectBytes(storage, k)), k).toBe(true);
      }
      // Sessions are not in a backup.
      expect(await count(database, 'SELECT count(*) FROM sessions')).toBe(0);
      // Every table's rows are the snapshot's, exactly (PostgreSQL, where another connection can read that moment).
      if (t.database.kind === 'postgres') {
        expect(atSnapshot).not.toBeNull();
        const restored = await tableRows(database);
        for (const table of Object.keys(atSnapshot!)) expect(restored[table], table).toEqual(atSnapshot![table]);
      }
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('objects that vanish during the backup', () => {
  it('retakes the snapshot when a delete commits after it, so no object it names is missing', async () => {
    const { ana } = seeded.clients;
    const doomed = await uploadFile(ana, 'deleted-mid-backup.gif', await samples.gif(), 'image/gif');
    const doomedKey = ((await t.database.db.execute(sql.raw(`SELECT storage_key AS k FROM files WHERE id = ${doomed}`))) as unknown as { rows: { k: string }[] }).rows[0].k;
    let deleted = false;
    // The member deletes the file after the snapshot was taken and before its objects are copied.
    const racing: Storage = {
      ...storage,
      async stat(key) {
        if (key === doomedKey && !deleted) {
          deleted = true;
          expect((await ana.delete(`/api/files/${doomed}`)).status).toBe(200);
        }
        return storage.stat(key);
      },
    };
    const file = path.join(work, 'racing.tar');
    const summary = await writeBackup({ database: t.database, storage: racing, tmpDir: work }, createWriteStream(file));
    expect(deleted).toBe(true);
    expect(summary.attempts).toBe(2);
    expect(summary.lost).toEqual([]);
    expect(summary.manifest.objects.map((o) => o.key)).not.toContain(doomedKey);
    const { storage: target, dir } = await emptyDiskStorage();
    const { database } = await restoreInto(file, t.database.kind, target);
    try {
      expect(await count(database, `SELECT count(*) FROM files WHERE id = ${doomed}`)).toBe(0);
      expect(await target.stat(doomedKey)).toBeNull();
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('lists an object lost before the backup (its row still names it) instead of failing', async () => {
    const { ana } = seeded.clients;
    const id = await uploadFile(ana, 'lost.gif', await samples.gif(), 'image/gif');
    const key = ((await t.database.db.execute(sql.raw(`SELECT storage_key AS k FROM files WHERE id = ${id}`))) as unknown as { rows: { k: string }[] }).rows[0].k;
    const original = await objectBytes(storage, key);
    await storage.delete(key);
    try {
      const summary = await writeBackup({ database: t.database, storage, tmpDir: work }, createWriteStream(path.join(work, 'lost.tar')));
      expect(summary.lost).toEqual([key]);
      expect(summary.manifest.objects.map((o) => o.key)).not.toContain(key);
    } finally {
      await storage.put(key, original);
      expect((await ana.delete(`/api/files/${id}`)).status).toBe(200);
    }
  }, 120_000);
});

describe('restore of a quiet instance', () => {
  let file: string;
  beforeAll(async () => {
    file = await backupTo('quiet.tar');
  }, 60_000);

  it('restores every row but sessions and every object, byte for byte, and a working instance', async () => {
    const { storage: target, dir } = await emptyDiskStorage();
    const { database } = await restoreInto(file, t.database.kind, target);
    const restored = await startTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { database, storage: target });
    try {
      await expectSameInstance({ database: t.database, storage }, { database, storage: target });
      // Members sign in with their passwords; files serve; search finds them; folders and collaborators hold.
      const ana = restored.client();
      expect((await ana.post('/api/login', { emailOrUsername: seeded.ana.email, password: seeded.ana.password })).status).toBe(200);
      const content = await ana.get(`/api/files/${seeded.privateFileId}/content`);
      expect(content.status).toBe(200);
      const search = await ana.get('/api/files/search?q=lighthouse');
      expect(JSON.stringify(search.body)).toContain('sunset.png');
      const collaborators = await ana.get(`/api/folders/${seeded.folderId}/collaborators`);
      expect(collaborators.body.map((c: { userId: number }) => c.userId)).toContain(seeded.bob.id);
      // New rows do not collide with restored ids (identity sequences were restored).
      const id = await uploadFile(ana, 'after.gif', await samples.gif(), 'image/gif');
      expect(id).toBeGreaterThan(Math.max(...seeded.files));
    } finally {
      await restored.close();
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('restores into S3 storage', async () => {
    const s3: TestS3Server = await startS3Server();
    const target = createS3Storage(s3.settings);
    const { database } = await restoreInto(file, t.database.kind, target);
    try {
      await expectSameInstance({ database: t.database, storage }, { database, storage: target });
    } finally {
      await database.close();
      await target.close();
      await s3.stop();
    }
  }, 180_000);

  it('refuses a target that holds anything, and writes nothing', async () => {
    const { storage: target, dir } = await emptyDiskStorage();
    await target.put('ab/cd/something.jpg', Buffer.from('x'));
    const database = await emptyDatabase(t.database.kind);
    try {
      await expect(restoreArchive(file, { database, storage: target, tmpDir: work, queueLog: quietLog })).rejects.toThrow(TargetNotEmptyError);
      expect(Object.keys(await tableRows(database))).toEqual([]);
      await target.delete('ab/cd/something.jpg');
      // A database that has tables (the app ran against it once) is refused too.
      await database.db.execute(sql.raw('CREATE TABLE leftover (id int)'));
      await expect(restoreArchive(file, { database, storage: target, tmpDir: work, queueLog: quietLog })).rejects.toThrow(/already has tables/);
      for await (const entry of target.list()) throw new Error(`restore wrote ${entry.key}`);
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses an archive with one byte changed, naming the damaged object, and writes nothing', async () => {
    const bytes = await fs.readFile(file);
    const key = `objects/${(await t.database.db.execute(sql.raw(`SELECT storage_key AS k FROM files WHERE id = ${seeded.files[1]}`)) as unknown as { rows: { k: string }[] }).rows[0].k}`;
    // The object's data starts one 512-byte header after its name.
    const at = bytes.indexOf(Buffer.from(key)) + 512 + 100;
    const damaged = Buffer.from(bytes);
    damaged[at] ^= 0x01;
    const damagedFile = path.join(work, 'damaged.tar');
    await fs.writeFile(damagedFile, damaged);
    const { storage: target, dir } = await emptyDiskStorage();
    const database = await emptyDatabase(t.database.kind);
    try {
      const refused = restoreArchive(damagedFile, { database, storage: target, tmpDir: work, queueLog: quietLog });
      await expect(refused).rejects.toThrow(ArchiveError);
      await expect(refused).rejects.toThrow(`Stored object ${key.slice('objects/'.length)} is damaged`);
      for await (const entry of target.list()) throw new Error(`restore wrote ${entry.key}`);
      expect(Object.keys(await tableRows(database))).toEqual([]);
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a damaged database dump and a truncated archive', async () => {
    const bytes = await fs.readFile(file);
    const at = bytes.indexOf(Buffer.from('INSERT INTO public.users'));
    const damaged = Buffer.from(bytes);
    damaged[at + 3] ^= 0x20;
    await fs.writeFile(path.join(work, 'damaged-db.tar'), damaged);
    await fs.writeFile(path.join(work, 'truncated.tar'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    const { storage: target, dir } = await emptyDiskStorage();
    const database = await emptyDatabase(t.database.kind);
    try {
      await expect(restoreArchive(path.join(work, 'damaged-db.tar'), { database, storage: target, tmpDir: work, queueLog: quietLog })).rejects.toThrow('The database dump (database.sql) is damaged');
      await expect(restoreArchive(path.join(work, 'truncated.tar'), { database, storage: target, tmpDir: work, queueLog: quietLog })).rejects.toThrow(ArchiveError);
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('work the rows say is unfinished', () => {
  it('is queued again on the restored instance: an image to recognise, a web rendition still pending', async () => {
    const [image, pending] = seeded.files;
    const before = (await t.database.db.execute(sql`select recognized_at, rendition_state from files where id in (${image}, ${pending}) order by id`)) as unknown as {
      rows: { recognized_at: unknown; rendition_state: string | null }[];
    };
    // As a backup taken mid-work would find them (jobs are not in a backup); put back after.
    await t.database.db.execute(sql`update files set recognized_at = null where id = ${image}`);
    await t.database.db.execute(sql`update files set rendition_state = 'pending' where id = ${pending}`);
    let file: string;
    try {
      file = await backupTo('mid-work.tar');
    } finally {
      await t.database.db.execute(sql`update files set recognized_at = ${before.rows[0].recognized_at} where id = ${image}`);
      await t.database.db.execute(sql`update files set rendition_state = ${before.rows[1].rendition_state} where id = ${pending}`);
    }
    const { storage: target, dir } = await emptyDiskStorage();
    const { database, summary } = await restoreInto(file, t.database.kind, target);
    try {
      expect(summary.renditions).toBe(1);
      expect(summary.requeued).toBe(1);
      const jobs = async (name: string) =>
        ((await database.db.execute(sql`select data->>'fileId' as id from pgboss.job where name = ${name}`)) as unknown as { rows: { id: string }[] }).rows.map((r) => Number(r.id));
      expect(await jobs('file.rendition')).toEqual([pending]);
      expect(await jobs('file.uploaded')).toEqual([image]);
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

export type { Seeded };
