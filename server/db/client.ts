import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from './pglite-open';
import { DrizzleClient } from './pglite-drizzle-client';
import { readAsText } from './pglite-text-types';
// Statements are turned into text by sql-text.ts's builder (the same text, less work).
import './sql-text';
import * as schema from './schema/index';
import { openGenericPool } from './generic-plans';
import { sessionOptions, sessionSetSql } from './session-settings';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's address (postgres), so the job queue can hold connections of its own. */
  url?: string;
  /** The one embedded connection (pglite), which the job queue shares with the app; it reads dates as text (pglite-text-types.ts). */
  pglite?: PGlite;
  /** PostgreSQL: a small pool whose statements are planned once for any values (generic-plans.ts). */
  generic?: Db;
  close(): Promise<void>;
};

/** PGlite on disk (the embedded default) or a PostgreSQL server when a URL is given. */
export async function openDatabase(opts: { url: string | null; pgliteDir?: string; pgliteSharedBuffersMb?: number; pglite?: PGlite; logger?: Logger }): Promise<Database> {
  const logger = opts.logger ?? false;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: sessionOptions });
    const genericPool = openGenericPool(opts.url);
    // Idle client errors surface on the next query instead.
    for (const p of [pool, genericPool]) p.on('error', () => {});
    return {
      db: drizzlePg(pool, { schema, logger }) as unknown as Db,
      kind: 'postgres',
      url: opts.url,
      generic: drizzlePg(genericPool, { schema, logger }) as unknown as Db,
      close: async () => void (await Promise.all([pool.end(), genericPool.end()])),
    };
  }
  let client = opts.pglite;
  if (!client) {
    fs.mkdirSync(path.dirname(opts.pgliteDir!), { recursive: true });
    client = await openPglite(opts.pgliteDir!, opts.pgliteSharedBuffersMb);
  }
  const owned = client;
  await owned.exec(sessionSetSql);
  readAsText(owned);
  const drizzleClient = new DrizzleClient(owned) as unknown as PGlite;
  return { db: drizzlePglite(drizzleClient, { schema, logger }) as unknown as Db, kind: 'pglite', pglite: owned, close: () => owned.close() };
}

/**
 * Where statements whose one plan suits any values run: the generic pool on PostgreSQL, the one
 * session on PGlite (docs/decisions/011-search.md, "Planned once").
 */
export function plannedOnce(database: Database): Db {
  return database.generic ?? database.db;
}

/** The handle a transaction's statements run on (`db.transaction((tx) => …)`): repositories take it to write in their caller's transaction. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A statement's handle: the database itself or a transaction in progress. */
export type Executor = Db | Tx;
