import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { Database } from '../db/client';
import { StorageNotFoundError, type Storage } from '../storage/storage';
import { BACKUP_FORMAT, DATABASE_ENTRY, MANIFEST_ENTRY, MANIFEST_SUM_ENTRY, objectEntryName, sha256Hex, type BackupManifest, type ManifestEntry } from './backup-format';
import { pgliteSnapshot } from './pglite-snapshot';
import { postgresSnapshot } from './postgres-snapshot';
import type { DatabaseSnapshot } from './snapshot';
import { addBuffer, addEntry } from './tar-entries';

export type BackupLog = { info(msg: string): void; warn(msg: string): void };
export type BackupDeps = {
  database: Database;
  storage: Storage;
  tmpDir: string;
  log?: BackupLog;
  /** Called with each snapshot taken, while it is held (tests read the same moment through its id). */
  onSnapshot?: (snapshot: DatabaseSnapshot) => Promise<void>;
};
export type BackupSummary = { objects: number; bytes: number; lost: string[]; attempts: number; manifest: BackupManifest };

/** A snapshot whose objects keep vanishing (deleted as fast as they are copied) is retaken at most this often. */
const MAX_ATTEMPTS = 5;

export class BackupError extends Error {}

function takeSnapshot(database: Database): Promise<DatabaseSnapshot> {
  if (database.kind === 'pglite') return pgliteSnapshot(database.pglite!);
  return postgresSnapshot(database.url!);
}

/**
 * Writes one backup archive of a serving instance to `out`. The database moment comes first
 * (see snapshot.ts); then every object its rows name is copied, while the app keeps writing.
 * An upload that commits later is not needed. A delete that commits later removes its row first
 * and its objects after (files.routes, avatar), so an object can vanish before it is copied: the
 * snapshot is then retaken (objects already copied are kept; keys are never reused, so their
 * bytes are the same) until every object it names is in the archive. An object that two
 * snapshots in a row name and that is missing both times was lost before the backup: it is
 * listed in the manifest's `lost`, and the backup says so.
 */
export async function writeBackup(deps: BackupDeps, out: Writable): Promise<BackupSummary> {
  const { storage } = deps;
  const pack = tar.pack();
  const written = pipeline(pack, out);
  await mkdir(deps.tmpDir, { recursive: true });
  const scratch = await mkdtemp(path.join(deps.tmpDir, 'backup-'));
  const copied = new Map<string, ManifestEntry>();
  const lost = new Set<string>();
  let snapshot: DatabaseSnapshot | null = null;
  try {
    let previouslyMissing = new Set<string>();
    let attempts = 0;
    for (;;) {
      attempts++;
      snapshot = await takeSnapshot(deps.database);
      await deps.onSnapshot?.(snapshot);
      const missing = new Set<string>();
      const todo = snapshot.keys.filter((key) => !copied.has(key) && !lost.has(key));
      for await (const fetched of prefetched(storage, todo)) {
        const entry = fetched.found ? await addObject(pack, storage, fetched) : null;
        if (entry) copied.set(fetched.key, entry);
        else if (previouslyMissing.has(fetched.key)) lost.add(fetched.key);
        else missing.add(fetched.key);
      }
      if (missing.size === 0) break;
      await snapshot.release();
      snapshot = null;
      if (attempts >= MAX_ATTEMPTS) throw new BackupError(`Stored objects kept disappearing while they were copied (${missing.size} in the last pass); try again when the app is quieter`);
      deps.log?.info(`${missing.size} stored objects were deleted after the snapshot; taking a new one`);
      previouslyMissing = missing;
    }
    const dumpFile = path.join(scratch, DATABASE_ENTRY);
    await snapshot.dumpTo(dumpFile);
    const { size: dumpSize } = await stat(dumpFile);
    const dump = await addEntry(pack, DATABASE_ENTRY, dumpSize, createReadStream(dumpFile));
    const keys = snapshot.keys.filter((k) => !lost.has(k));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      source: deps.database.kind,
      migrations: snapshot.migrations,
      database: { entry: DATABASE_ENTRY, ...dump },
      objects: keys.map((k) => copied.get(k)!),
      lost: [...lost],
    };
    await snapshot.release();
    snapshot = null;
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
    await addBuffer(pack, MANIFEST_ENTRY, manifestBytes);
    await addBuffer(pack, MANIFEST_SUM_ENTRY, Buffer.from(`${sha256Hex(manifestBytes)}  ${MANIFEST_ENTRY}\n`));
    pack.finalize();
    await written;
    if (lost.size > 0) deps.log?.warn(`${lost.size} stored objects named by the database were already missing before this backup: ${[...lost].slice(0, 10).join(', ')}`);
    return { objects: manifest.objects.length, bytes: manifest.objects.reduce((n, o) => n + o.size, 0) + dump.size, lost: manifest.lost, attempts, manifest };
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => undefined);
    throw err;
  } finally {
    await snapshot?.release().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Objects up to this size are read whole ahead of the archive writer; larger ones are streamed when their turn comes. */
const SMALL_OBJECT = 1024 * 1024;
/** Reads in flight while the archive writer works (storage round trips overlap instead of adding up). */
const READ_AHEAD = 32;

type Fetched = { key: string; found: boolean; size: number; data: Buffer | null };

async function fetchObject(storage: Storage, key: string): Promise<Fetched> {
  const found = await storage.stat(key);
  if (!found) return { key, found: false, size: 0, data: null };
  if (found.size > SMALL_OBJECT) return { key, found: true, size: found.size, data: null };
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    return { key, found: true, size: found.size, data: Buffer.concat(chunks) };
  } catch (err) {
    if (err instanceof StorageNotFoundError) return { key, found: false, size: 0, data: null };
    throw err;
  }
}

/** The objects in order, each read up to READ_AHEAD places before the writer needs it. */
async function* prefetched(storage: Storage, keys: string[]): AsyncGenerator<Fetched> {
  const window: Promise<Fetched>[] = [];
  let next = 0;
  const fill = () => {
    while (window.length < READ_AHEAD && next < keys.length) {
      const p = fetchObject(storage, keys[next++]);
      p.catch(() => undefined); // awaited in order below; a rejection waiting its turn is not unhandled
      window.push(p);
    }
  };
  fill();
  while (window.length > 0) {
    const fetched = await window.shift()!;
    fill();
    yield fetched;
  }
}

/** Writes one object into the archive; null when it vanished before a large one could be streamed. */
async function addObject(pack: tar.Pack, storage: Storage, f: Fetched): Promise<ManifestEntry | null> {
  if (f.data) {
    await addBuffer(pack, objectEntryName(f.key), f.data);
    return { key: f.key, size: f.data.length, sha256: sha256Hex(f.data) };
  }
  let body;
  try {
    body = await storage.get(f.key);
  } catch (err) {
    if (err instanceof StorageNotFoundError) return null;
    throw err;
  }
  const { sha256, size } = await addEntry(pack, objectEntryName(f.key), f.size, body);
  return { key: f.key, size, sha256 };
}
