import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Logger } from 'drizzle-orm/logger';
import { openDatabase, type Database } from '../../server/db/client';

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
  const name = `kaleido_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(target.adminUrl, name), logger });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: target.adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
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
  const open = (): Database => {
    if (!database) throw new Error('the test database opens in beforeAll: use it inside a test or hook');
    return database;
  };
  return {
    get db() {
      return open().db;
    },
    get kind() {
      return open().kind;
    },
    get url() {
      return open().url;
    },
    get pglite() {
      return open().pglite;
    },
    close: () => open().close(),
  };
}
