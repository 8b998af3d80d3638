import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/helpers/test-app';
import { startS3Server, type TestS3Server } from '../../tests/helpers/s3-server';
import { createS3Storage } from '../storage/s3-storage';
import * as samples from '../../tests/helpers/media-samples';
import { restoreArchive, TargetNotEmptyError } from './restore';
import { ArchiveError } from './verify-archive';
import { emptyDatabase, emptyDiskStorage, expectSameInstance, quietLog, tableRows, uploadFile, withoutTimedPasses } from '../../tests/helpers/backup';
import { useBackupInstance } from '../../tests/helpers/backup-instance';

// Backups for operators (decision 022): a backup restores into an empty target, on either database and either
// storage, with every row and every byte as the snapshot had them; a damaged archive or a
// target holding anything is refused and nothing is written.

const { t, storage, work, seeded, backupTo, restoreInto } = useBackupInstance();

describe('restore of a quiet instance', () => {
  let file: string;
  beforeAll(async () => {
    file = await backupTo('quiet.tar');
  }, 60_000);

  it('restores every row but sessions and every object, byte for byte, and a working instance', async () => {
    const { storage: target, cleanup } = await emptyDiskStorage();
    const { database } = await restoreInto(file, t.database.kind, target);
    const restored = await startTestApp({ AUTH_RATE_LIMIT: '1000' }, {}, { database, storage: target, ...withoutTimedPasses });
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
      await cleanup();
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
    const { storage: target, cleanup } = await emptyDiskStorage();
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
      await cleanup();
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
    const { storage: target, cleanup } = await emptyDiskStorage();
    const database = await emptyDatabase(t.database.kind);
    try {
      const refused = restoreArchive(damagedFile, { database, storage: target, tmpDir: work, queueLog: quietLog });
      await expect(refused).rejects.toThrow(ArchiveError);
      await expect(refused).rejects.toThrow(`Stored object ${key.slice('objects/'.length)} is damaged`);
      for await (const entry of target.list()) throw new Error(`restore wrote ${entry.key}`);
      expect(Object.keys(await tableRows(database))).toEqual([]);
    } finally {
      await database.close();
      await cleanup();
    }
  }, 120_000);

  it('refuses a damaged database dump and a truncated archive', async () => {
    const bytes = await fs.readFile(file);
    const at = bytes.indexOf(Buffer.from('INSERT INTO public.users'));
    const damaged = Buffer.from(bytes);
    damaged[at + 3] ^= 0x20;
    await fs.writeFile(path.join(work, 'damaged-db.tar'), damaged);
    await fs.writeFile(path.join(work, 'truncated.tar'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    const { storage: target, cleanup } = await emptyDiskStorage();
    const database = await emptyDatabase(t.database.kind);
    try {
      await expect(restoreArchive(path.join(work, 'damaged-db.tar'), { database, storage: target, tmpDir: work, queueLog: quietLog })).rejects.toThrow('The database dump (database.sql) is damaged');
      await expect(restoreArchive(path.join(work, 'truncated.tar'), { database, storage: target, tmpDir: work, queueLog: quietLog })).rejects.toThrow(ArchiveError);
    } finally {
      await database.close();
      await cleanup();
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
    const { storage: target, cleanup } = await emptyDiskStorage();
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
      await cleanup();
    }
  }, 180_000);
});
