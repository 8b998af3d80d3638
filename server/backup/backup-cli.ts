import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { loadConfig, type Config } from '../config';
import { keepDataDirPrivate } from '../lib/private-data-dir';
import { openDatabase } from '../db/client';
import { logOptions } from '../lib/log-options';
import { createStorage } from '../storage/create-storage';
import { writeBackup, type BackupLog } from './backup';
import { claimDataDir, requestBackup } from './data-dir-claim';
import { restoreArchive } from './restore';

// `npm run backup -- --out FILE` and `npm run restore -- FILE` (docs/operations.md "Backups and restore").

const console_: BackupLog = { info: (m) => console.log(m), warn: (m) => console.warn(`warning: ${m}`) };

export class UsageError extends Error {}

function sizeText(bytes: number): string {
  return bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

/** Writes to FILE.partial and renames it at the end, so FILE is always a whole archive. */
export async function backupCommand(args: string[], config: Config = loadConfig(), log: BackupLog = console_): Promise<string> {
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1] : undefined;
  if (!out) throw new UsageError('usage: npm run backup -- --out FILE');
  const file = path.resolve(out);
  const partial = `${file}.partial`;
  try {
    if (!config.databaseUrl && (await requestBackup(config.dataDir, createWriteStream(partial)))) {
      log.info('backup written by the running app');
    } else {
      // PostgreSQL (the snapshot keeps the app serving), or PGlite with no app running: this
      // process claims DATA_DIR, so an app started meanwhile stops instead of opening it too.
      const claim = config.databaseUrl ? null : await claimDataDir(config.dataDir, log.warn);
      const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, pgliteSharedBuffersMb: config.pgliteSharedBuffersMb });
      const storage = createStorage(config);
      try {
        const summary = await writeBackup({ database, storage, tmpDir: await scratch(config), log }, createWriteStream(partial));
        log.info(`${summary.objects} stored objects, ${sizeText(summary.bytes)} with the database`);
        if (summary.lost.length > 0) log.warn(`${summary.lost.length} objects the database names were already missing: the archive lists them under "lost"`);
      } finally {
        await storage.close();
        await database.close();
        await claim?.close();
      }
    }
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  log.info(`backup: ${file}`);
  return file;
}

async function scratch(config: Config): Promise<string> {
  await mkdir(config.tmpDir, { recursive: true });
  return config.tmpDir;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * Restores into DATA_DIR (PGlite, built in `db.restoring` and renamed into place when complete)
 * or DATABASE_URL, with the configured storage; every target must be empty.
 */
export async function restoreCommand(args: string[], config: Config = loadConfig(), log: BackupLog = console_): Promise<void> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new UsageError('usage: npm run restore -- FILE');
  const claim = config.databaseUrl ? null : await claimDataDir(config.dataDir, log.warn);
  const building = `${config.pgliteDir}.restoring`;
  try {
    if (!config.databaseUrl) {
      if (!(await isEmptyDir(config.pgliteDir))) throw new UsageError(`${config.pgliteDir} already holds a database: restore into an empty DATA_DIR`);
      await rm(building, { recursive: true, force: true });
    }
    const database = await openDatabase({ url: config.databaseUrl, pgliteDir: building, pgliteSharedBuffersMb: config.pgliteSharedBuffersMb });
    const storage = createStorage(config);
    const queueLog = Fastify({ logger: logOptions(config.logLevel === 'info' ? 'warn' : config.logLevel) }).log;
    try {
      const summary = await restoreArchive(path.resolve(file), { database, storage, tmpDir: await scratch(config), queueLog, log });
      log.info(`restored ${summary.objects} stored objects and the database (backup of ${summary.manifest.createdAt}, from ${summary.manifest.source})`);
      if (summary.requeued > 0) log.info(`${summary.requeued} images queued for recognition`);
      if (summary.renditions > 0) log.info(`${summary.renditions} videos and audio queued for their web rendition`);
    } finally {
      await storage.close();
      await database.close();
    }
    if (!config.databaseUrl) await rename(building, config.pgliteDir);
  } catch (err) {
    if (!config.databaseUrl) await rm(building, { recursive: true, force: true });
    throw err;
  } finally {
    await claim?.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  try {
    // What a restore writes into DATA_DIR is the server's alone, as everything the app writes there.
    await keepDataDirPrivate(loadConfig().dataDir);
    if (command === 'backup') await backupCommand(args);
    else if (command === 'restore') await restoreCommand(args);
    else throw new UsageError('usage: backup --out FILE | restore FILE');
    process.exit(0);
  } catch (err) {
    // Refusals (damaged archive, non-empty target, bad usage) are sentences for the operator.
    console.error(`${command ?? 'backup'} failed: ${(err as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
