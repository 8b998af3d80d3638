import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { loadConfig, type Config } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { withDatabase } from '../tests/helpers/test-db.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The app's configuration for a benchmark that builds it in process: production, silent, any
 * free port, recognition off, and the sign-in, write and per-address limits raised so the load
 * is never refused (`env` adds to or overrides these).
 */
export function benchConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', AUTOTAG: 'off',
    AUTH_RATE_LIMIT: '1000', AUTH_HASHES_PER_SECOND: '1000', WRITE_BUDGET_SCALE: '1000',
    MAX_CONNECTIONS_PER_ADDRESS: '100000', MAX_UPLOADS_PER_ADDRESS: '100000', ...env,
  });
}

export type BenchDatabase = { database: Database; reused?: boolean; drop(): Promise<void> };

/**
 * An empty database of its own for one benchmark: a new PostgreSQL database on the server at
 * BENCH_DATABASE_URL (dropped after, unless BENCH_KEEP=1 keeps it for EXPLAIN by hand), or an
 * in-memory PGlite.
 */
export async function openBenchDatabase(kind: 'postgres' | 'pglite'): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ url: null, pglite: await PGlite.create({ extensions: { pg_trgm } }) });
    return { database, drop: async () => undefined };
  }
  // BENCH_REUSE=<name>: a database a run kept (BENCH_KEEP=1), already migrated and seeded.
  if (process.env.BENCH_REUSE) {
    const database = await openDatabase({ url: withDatabase(adminUrl, process.env.BENCH_REUSE) });
    return { database, reused: true, drop: async () => console.log(`kept database ${process.env.BENCH_REUSE}`) };
  }
  const name = `kaleido_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: withDatabase(adminUrl, name) });
  return {
    database,
    async drop() {
      if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
