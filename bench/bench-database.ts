import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client.ts';
import { withDatabase } from '../tests/helpers/test-db.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
