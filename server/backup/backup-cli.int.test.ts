import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../tests/helpers/test-app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { appBackups } from './app-backups';
import { backupCommand, restoreCommand } from './backup-cli';
import { claimDataDir, DataDirInUseError, type DataDirClaim } from './data-dir-claim';
import { emptyDatabase, quietLog, seed } from '../../tests/helpers/backup';
import { verifyArchive } from './verify-archive';

// The commands an operator runs: `npm run backup` reaches the running app through DATA_DIR's
// socket (PGlite is the app's one connection), and `npm run restore` fills an empty target.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let work: string;
let claim: DataDirClaim;
let served: Config;
const log = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-cli-'));
  await seed(t);
  served = { ...t.config, dataDir: path.join(work, 'served'), databaseUrl: null };
  claim = await claimDataDir(served.dataDir);
  claim.serveBackups(appBackups(t.database, t.config, quietLog));
}, 120_000);

afterAll(async () => {
  await claim?.close();
  await fs.rm(work, { recursive: true, force: true });
});

it('backs up the running app through its socket, and refuses a second owner of DATA_DIR', async () => {
  const file = await backupCommand(['--out', path.join(work, 'app.tar')], served, log);
  const manifest = await verifyArchive(file);
  expect(manifest.source).toBe(t.database.kind);
  expect(manifest.objects.length).toBeGreaterThan(4);
  await expect(fs.stat(`${file}.partial`)).rejects.toThrow();
  await expect(claimDataDir(served.dataDir)).rejects.toThrow(DataDirInUseError);
  await expect(restoreCommand([file], served, log)).rejects.toThrow(DataDirInUseError);
  await expect(backupCommand([], served, log)).rejects.toThrow('usage: npm run backup -- --out FILE');
}, 120_000);

it('restores into an empty DATA_DIR (or database), and refuses it once it holds data', async () => {
  const file = await backupCommand(['--out', path.join(work, 'restore-me.tar')], served, log);
  const dataDir = path.join(work, 'restored');
  const pgTarget = t.database.kind === 'postgres' ? await emptyDatabase('postgres') : null;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(pgTarget ? { DATABASE_URL: pgTarget.url! } : {}) });
  try {
    await restoreCommand([file], config, log);
    const database = pgTarget ?? (await openDatabase({ url: null, pgliteDir: config.pgliteDir }));
    try {
      const r = (await database.db.execute(sql.raw('SELECT count(*) AS n FROM users'))) as unknown as { rows: { n: number }[] };
      expect(Number(r.rows[0].n)).toBe(3);
    } finally {
      if (!pgTarget) await database.close();
    }
    expect((await fs.readdir(config.uploadsDir, { recursive: true })).length).toBeGreaterThan(4);
    await expect(restoreCommand([file], config, log)).rejects.toThrow(pgTarget ? /already has tables/ : /already holds a database/);
  } finally {
    await pgTarget?.close();
  }
}, 180_000);
