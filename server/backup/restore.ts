import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import tar from 'tar-stream';
import type { Database } from '../db/client';
import { migrateDatabase } from '../composition';
import { migrationsFolder } from '../db/migrate';
import { createJobQueue } from '../jobs/queue';
import type { Storage } from '../storage/storage';
import { OBJECT_PREFIX, sha256Hex, type BackupManifest, type ManifestEntry } from './backup-format';
import { PENDING_RENDITIONS_SQL, UNRECOGNISED_IMAGES_SQL, USER_TABLES_SQL } from './backup.repo';
import type { BackupLog } from './backup';
import { portableDump, type PortableDump } from './dump-text';
import { hashing } from './tar-entries';
import { ArchiveError, verifyArchive } from './verify-archive';

export type RestoreDeps = {
  /** Opened, not migrated, with nothing in it. */
  database: Database;
  /** With nothing in it. */
  storage: Storage;
  tmpDir: string;
  /** The job queue's logger (restore enqueues the recognition the backup's images still need). */
  queueLog: FastifyBaseLogger;
  log?: BackupLog;
};
/** `requeued`: images queued for recognition; `renditions`: files queued for their web rendition. */
export type RestoreSummary = { objects: number; rows: string; requeued: number; renditions: number; manifest: BackupManifest };

const SMALL_OBJECT = 1024 * 1024;
const WRITE_AHEAD = 16;

/** The restore target holds data: nothing was written. */
export class TargetNotEmptyError extends Error {}

type Journal = { entries: { tag: string }[] };

async function countRow(database: Database, query: string): Promise<number> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(result.rows[0])[0]);
}

export async function assertEmptyTarget(database: Database, storage: Storage): Promise<void> {
  if ((await countRow(database, USER_TABLES_SQL)) > 0) {
    throw new TargetNotEmptyError(database.kind === 'pglite' ? 'The database in DATA_DIR/db already has tables: restore into an empty DATA_DIR' : 'The database already has tables: restore into an empty database (createdb a new one)');
  }
  for await (const entry of storage.list()) {
    throw new TargetNotEmptyError(`Storage already holds objects (${entry.key}, …): restore into empty storage`);
  }
}

/**
 * The app's schema as the backed-up database had it: the first `count` migrations, from a
 * folder holding just those. The data loads into the schema it was dumped from; later
 * migrations (and their data changes) then run over it as they would have on the original.
 */
async function migrateTo(database: Database, count: number, tmpDir: string): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  if (count > journal.entries.length) throw new ArchiveError(`This backup was made by a newer version of Kaleido (${count} migrations; this one knows ${journal.entries.length}): restore it with that version or a later one`);
  const folder = await mkdtemp(path.join(tmpDir, 'migrations-'));
  try {
    await mkdir(path.join(folder, 'meta'));
    const entries = journal.entries.slice(0, count);
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries) await copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder: folder });
    else await migratePglite(database.db as never, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Runs the dump on a connection of its own (its literals' setting is a session setting). */
async function loadDump(database: Database, dump: PortableDump): Promise<void> {
  const setting = `SET standard_conforming_strings = ${dump.standardConformingStrings}`;
  if (database.kind === 'pglite') {
    const client = database.pglite!;
    await client.exec(setting);
    try {
      await client.exec(dump.script);
    } catch (err) {
      await client.exec('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await client.exec('RESET standard_conforming_strings');
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(setting);
    await client.query(dump.script);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  await pipeline(stream, new Writable({ write: (_c, _e, done) => done() }));
}

/**
 * Restores a backup into an empty database and empty storage: checks the whole archive first
 * (verify-archive.ts: a damaged byte anywhere it lists is refused, naming the object), refuses a
 * target that holds anything, stores every listed object (checked again as it is written),
 * loads the rows into the schema they came from, migrates on, and enqueues recognition for
 * images the backup had not recognised yet (the job queue is not in a backup).
 */
export async function restoreArchive(file: string, deps: RestoreDeps): Promise<RestoreSummary> {
  const manifest = await verifyArchive(file);
  await assertEmptyTarget(deps.database, deps.storage);
  const wanted = new Map(manifest.objects.map((o) => [`${OBJECT_PREFIX}${o.key}`, o]));
  let dump: Buffer | null = null;
  let stored = 0;
  // Small objects are written several at a time (a put is mostly waiting on the disk or the
  // network); the archive is read on while they are.
  const writing = new Set<Promise<void>>();
  let failure: Error | null = null;
  async function put(o: ManifestEntry, data: Buffer): Promise<void> {
    // Checked before, checked again: the file could have changed between the two reads.
    if (sha256Hex(data) !== o.sha256) throw new ArchiveError(`Stored object ${o.key} is damaged: checksum does not match the manifest`);
    await deps.storage.put(o.key, data);
    stored++;
  }
  async function storeObject(o: ManifestEntry, stream: NodeJS.ReadableStream): Promise<void> {
    if (failure) throw failure;
    if (o.size <= SMALL_OBJECT) {
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      const p = put(o, Buffer.concat(chunks)).catch((err: Error) => {
        failure ??= err;
      });
      writing.add(p);
      void p.finally(() => writing.delete(p));
      if (writing.size >= WRITE_AHEAD) await Promise.race(writing);
      return;
    }
    const hash = hashing();
    await Promise.all([deps.storage.put(o.key, hash), pipeline(stream, hash)]);
    if (hash.digest().sha256 !== o.sha256) {
      await deps.storage.delete(o.key);
      throw new ArchiveError(`Stored object ${o.key} is damaged: checksum does not match the manifest`);
    }
    stored++;
  }
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const object = wanted.get(header.name);
    let work: Promise<void>;
    if (header.name === manifest.database.entry) {
      const chunks: Buffer[] = [];
      work = pipeline(stream, new Writable({ write: (c: Buffer, _e, done) => (chunks.push(c), done()) })).then(() => {
        dump = Buffer.concat(chunks);
      });
    } else if (object) {
      wanted.delete(header.name);
      work = storeObject(object, stream as never);
    } else {
      work = drain(stream as never);
    }
    work.then(() => next(), next);
  });
  await pipeline(createReadStream(file), extract);
  await Promise.all(writing);
  if (failure) throw failure;
  if (!dump) throw new ArchiveError('The database dump is missing from the archive');
  deps.log?.info(`${stored} stored objects written; loading the database`);

  await migrateTo(deps.database, manifest.migrations, deps.tmpDir);
  await loadDump(deps.database, portableDump((dump as Buffer).toString('utf8')));
  await migrateDatabase(deps.database);
  const [requeued, renditions] = await requeueUnfinished(deps.database, deps.queueLog);
  return { objects: stored, rows: `${(dump as Buffer).length} bytes of SQL`, requeued, renditions, manifest };
}

/** Jobs are not in a backup: what the rows say is unfinished is queued again (recognition, web renditions). */
async function requeueUnfinished(database: Database, log: FastifyBaseLogger): Promise<[number, number]> {
  const ids = async (query: string) =>
    ((await database.db.execute(sql.raw(query))) as unknown as { rows: { id: number }[] }).rows.map((row) => ({ fileId: Number(row.id) }));
  const images = await ids(UNRECOGNISED_IMAGES_SQL);
  const media = await ids(PENDING_RENDITIONS_SQL);
  if (images.length + media.length === 0) return [0, 0];
  const queue = createJobQueue(database, { log, work: false });
  await queue.start();
  try {
    if (images.length) await queue.sendMany('file.uploaded', images);
    if (media.length) await queue.sendMany('file.rendition', media);
  } finally {
    await queue.stop();
  }
  return [images.length, media.length];
}
