import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The embedded database's buffer cache when `PGLITE_SHARED_BUFFERS_MB` is not set. */
export const DEFAULT_SHARED_BUFFERS_MB = 32;

/**
 * PGlite's own start parameters with the buffer cache of `PGLITE_SHARED_BUFFERS_MB` (32 MB) rather
 * than its default, a server's 128 MB held in the app's memory. The folder's files stay in the
 * system's page cache beside it (docs/decisions/039).
 */
export function pgliteStartParams(sharedBuffersMb: number): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}

/**
 * The embedded database in `dir`, created first if the folder holds none. Creating it (initdb)
 * runs in a short-lived child process: the memory it takes is never handed back to the system,
 * and a server that made its own database held a hundred megabytes more all its life. The child
 * builds it in a sibling folder that is renamed into place when complete, so a start
 * interrupted halfway leaves no half-made database behind, only a folder the next start removes.
 */
export async function openPglite(dir: string, sharedBuffersMb = DEFAULT_SHARED_BUFFERS_MB): Promise<PGlite> {
  if (!fs.existsSync(`${dir}/PG_VERSION`)) createInChild(dir);
  return PGlite.create(dir, { extensions: { pg_trgm }, startParams: pgliteStartParams(sharedBuffersMb) });
}

function createInChild(dir: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${dir} holds files but no database: move them elsewhere and start again`);
  const building = `${dir}.creating`;
  fs.rmSync(building, { recursive: true, force: true });
  const module = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(module)}).PGlite.create(process.argv[1]).then((db) => db.close()).catch((e) => { console.error(e); process.exit(1); });`;
  const child = spawnSync(process.execPath, ['-e', script, building], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (child.status !== 0 || !fs.existsSync(`${building}/PG_VERSION`)) {
    fs.rmSync(building, { recursive: true, force: true });
    throw new Error(`Could not create the embedded database in ${dir} (${child.error?.message ?? `exit ${child.status}`})`);
  }
  // An empty folder where the database goes (made by an earlier start) gives way to the new one.
  if (fs.existsSync(dir)) fs.rmdirSync(dir);
  fs.renameSync(building, dir);
}
