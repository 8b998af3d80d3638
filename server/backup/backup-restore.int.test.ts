import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';
import * as samples from '../../tests/helpers/media-samples';
import { writeBackup } from './backup';
import { BACKUP_KEYS_SQL } from './backup.repo';
import { emptyDiskStorage, objectBytes, tableRows, tableRowsBy, uploadFile } from '../../tests/helpers/backup';
import { useBackupInstance } from '../../tests/helpers/backup-instance';

// Backups for operators (decision 022): a backup taken while the app serves is one consistent moment, and every
// object that moment names is in it (restores of a quiet instance: restore.int.test.ts).

const { t, storage, work, seeded, restoreInto } = useBackupInstance();

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

    const { storage: target, cleanup } = await emptyDiskStorage();
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
      await cleanup();
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
    const { storage: target, cleanup } = await emptyDiskStorage();
    const { database } = await restoreInto(file, t.database.kind, target);
    try {
      expect(await count(database, `SELECT count(*) FROM files WHERE id = ${doomed}`)).toBe(0);
      expect(await target.stat(doomedKey)).toBeNull();
    } finally {
      await database.close();
      await cleanup();
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
