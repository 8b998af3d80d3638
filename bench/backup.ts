import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { writeBackup } from '../server/backup/backup.ts';
import { restoreArchive } from '../server/backup/restore.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { migrateDatabase } from '../server/composition.ts';
import { createLocalStorage } from '../server/storage/local-storage.ts';
import { withDatabase } from '../tests/helpers/test-db.ts';
import { openBenchDatabase } from './bench-database.ts';

// `npm run bench -- backup`: backup and restore of 10 000 files (rows and 10 kB objects on
// disk) against the tools alone on the same data, in the same run: `tar` of the uploads folder
// plus `pg_dump -Fc` / `pg_restore` (PostgreSQL), or plus pglite-tools' pg_dump / loading its
// output into a fresh PGlite (PGlite).

const FILES = 10_000;
const MEMBERS = 100;
const OBJECT_BYTES = 10 * 1024;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {}, trace: () => {}, fatal: () => {}, child: () => quiet, level: 'silent', silent: () => {} } as never;

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [(performance.now() - start) / 1000, value];
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.toString()}`);
}

async function seed(database: Database, uploads: string): Promise<void> {
  await database.db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name)
    select 'm' || g || '@example.com', 'member_' || g, 'x', 'First' || g, 'Last' || g from generate_series(1, ${MEMBERS}) g`);
  await database.db.execute(sql`
    insert into files (user_id, name, description, tags, original_name, file_type, kind, size, key_base, storage_key, like_count)
    select 1 + g % ${MEMBERS}, 'File ' || g, 'A description of file ' || g, array['tag' || g % 50, 'bench'], 'f' || g || '.jpg', 'image/jpeg', 'image', ${OBJECT_BYTES},
           'bench/' || g, 'bench/' || lpad(g::text, 5, '0') || '_original.jpg', 1
    from generate_series(1, ${FILES}) g`);
  await database.db.execute(sql`insert into file_likes (file_id, user_id) select f.id, 1 + f.id % ${MEMBERS} from files f`);
  await database.db.execute(sql`insert into comments (file_id, user_id, content) select f.id, 1 + (f.id + 1) % ${MEMBERS}, 'Comment on ' || f.id from files f where f.id % 3 = 0`);
  await fs.mkdir(path.join(uploads, 'bench'), { recursive: true });
  for (let i = 1; i <= FILES; i++) await fs.writeFile(path.join(uploads, 'bench', `${String(i).padStart(5, '0')}_original.jpg`), crypto.randomBytes(OBJECT_BYTES));
}

async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kaleido_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template template0`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

type Row = { kind: string; what: string; ours: number; tools: number };

async function benchOne(kind: 'postgres' | 'pglite', rows: Row[]): Promise<void> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-backup-'));
  const { database, drop } = await openBenchDatabase(kind);
  try {
    await migrateDatabase(database);
    const uploads = path.join(work, 'uploads');
    await seed(database, uploads);
    const storage = createLocalStorage(uploads);
    const archive = path.join(work, 'backup.tar');

    const [ours] = await timed(() => writeBackup({ database, storage, tmpDir: work }, createWriteStream(archive)));
    const [tarTime] = await timed(async () => run('tar', ['cf', path.join(work, 'uploads.tar'), '-C', uploads, '.']));
    const dumpFile = path.join(work, 'dump');
    const [dumpTime] = await timed(async () => {
      if (kind === 'postgres') run('pg_dump', ['-Fc', '-f', dumpFile, `--dbname=${database.url}`]);
      else await fs.writeFile(dumpFile, await (await pgDump({ pg: database.pglite! })).text());
    });
    rows.push({ kind, what: 'backup', ours, tools: tarTime + dumpTime });

    // Restore targets are made before the clock starts, for both.
    const restoreUploads = path.join(work, 'restored');
    const target = kind === 'postgres' ? await emptyPostgres() : null;
    const targetDb = target ? await openDatabase({ url: target.url }) : await openDatabase({ url: null, pglite: await PGlite.create({ extensions: { pg_trgm } }) });
    const [restoreTime] = await timed(() => restoreArchive(archive, { database: targetDb, storage: createLocalStorage(restoreUploads), tmpDir: work, queueLog: quiet }));
    await targetDb.close();
    await target?.drop();

    const untarDir = path.join(work, 'untarred');
    await fs.mkdir(untarDir);
    const baseline = kind === 'postgres' ? await emptyPostgres() : null;
    const pglite = baseline ? null : await PGlite.create({ extensions: { pg_trgm } });
    const [toolsRestore] = await timed(async () => {
      run('tar', ['xf', path.join(work, 'uploads.tar'), '-C', untarDir]);
      if (baseline) run('pg_restore', ['--no-owner', `--dbname=${baseline.url}`, dumpFile]);
      else await pglite!.exec(await fs.readFile(dumpFile, 'utf8'));
    });
    await baseline?.drop();
    await pglite?.close();
    rows.push({ kind, what: 'restore', ours: restoreTime, tools: toolsRestore });
    const size = (await fs.stat(archive)).size;
    console.log(`${kind}: archive ${(size / 1e6).toFixed(1)} MB for ${FILES} files`);
  } finally {
    await database.close();
    await drop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

export async function benchBackup(): Promise<void> {
  console.log(`\n== backup: ${FILES} files of ${OBJECT_BYTES / 1024} kB, ${MEMBERS} members (load average ${os.loadavg()[0].toFixed(1)}) ==`);
  const rows: Row[] = [];
  for (const kind of ['postgres', 'pglite'] as const) await benchOne(kind, rows);
  console.log('| Database | Step | Kaleido | tar + pg_dump/pg_restore alone | ratio |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.kind} | ${r.what} | ${r.ours.toFixed(2)} s | ${r.tools.toFixed(2)} s | ${(r.ours / r.tools).toFixed(2)} |`);
  console.log(`(load average after: ${os.loadavg()[0].toFixed(1)})`);
}
