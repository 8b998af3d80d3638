import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Logger } from 'drizzle-orm/logger';
import { openDatabase, type Database } from '../../server/db/client';
import { late } from './late';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A migrated database of its own for one test file: PGlite loaded from the dump the global
 * setup made once, or a PostgreSQL database copied from the migrated template.
 */
export async function createTestDatabase(logger?: Logger): Promise<Database> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    const dump = new Blob([await fs.readFile(target.dumpPath)]);
    const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
    return openDatabase({ url: null, pglite: client, logger });
  }
  const copy = await copyOfTemplate(target, 't');
  const database = await openDatabase({ url: copy.url, logger });
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * A PostgreSQL database of its own, copied from the migrated template (named `kaleido_<prefix>_…`):
 * its URL, and `drop` to remove it (connections still open to it are ended).
 */
export async function copyOfTemplate(target: { adminUrl: string; template: string }, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kaleido_${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: target.adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  return { url: withDatabase(target.adminUrl, name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The database fixture of a file that tests queries without the app: registers beforeAll/afterAll
 * hooks that open a test database (as createTestDatabase) and close it after the last test. Its
 * members read the open database when used: use them inside tests and hooks.
 */
export function useTestDatabase(logger?: Logger): Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(logger);
  });
  afterAll(async () => {
    await database?.close();
  });
  return late(() => database, 'the test database');
}
