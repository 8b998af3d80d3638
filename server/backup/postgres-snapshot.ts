import { spawn } from 'node:child_process';
import pg from 'pg';
import { BACKUP_KEYS_SQL, MIGRATION_COUNT_SQL } from './backup.repo';
import { DUMP_ARGS } from './dump-args';
import type { DatabaseSnapshot } from './snapshot';

export class PgDumpError extends Error {}

/** The URL without its password, which goes to pg_dump in its environment instead (not visible in `ps`). */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/**
 * A moment of a PostgreSQL database, held as an exported snapshot: a REPEATABLE READ transaction
 * stays open on a connection of its own, its key list is read in it, and pg_dump later dumps
 * exactly that snapshot (`--snapshot`), whatever committed in between. The app keeps serving.
 */
export async function postgresSnapshot(url: string): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url, application_name: 'kaleido-backup' });
  client.on('error', () => {}); // a broken connection fails the next query instead
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshotId: string = (await client.query('SELECT pg_export_snapshot() AS id')).rows[0].id;
    const keys = (await client.query<string[]>({ text: BACKUP_KEYS_SQL, rowMode: 'array' })).rows.map((r) => r[0]);
    const migrations = Number((await client.query<string[]>({ text: MIGRATION_COUNT_SQL, rowMode: 'array' })).rows[0][0]);
    return {
      keys,
      migrations,
      snapshotId,
      dumpTo: (file) => runPgDump(url, [...DUMP_ARGS, `--snapshot=${snapshotId}`, `--file=${file}`]),
      release: async () => {
        await client.query('ROLLBACK').catch(() => undefined);
        await client.end();
      },
    };
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
}

function runPgDump(url: string, args: string[]): Promise<void> {
  const { dbname, env } = connectionFor(url);
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', [...args, `--dbname=${dbname}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new PgDumpError('pg_dump was not found: install PostgreSQL\'s client tools (Debian: postgresql-client), the same major version as the server or newer') : err),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new PgDumpError(`pg_dump failed (exit ${code}): ${stderr.trim()}`))));
  });
}
