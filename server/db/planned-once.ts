import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, Db } from './client';
import { rowsOf } from './rows';

/**
 * Statements planned once per connection (docs/decisions/011-search.md, "Planned once").
 *
 * PostgreSQL plans a statement anew for every set of values unless it is prepared under a name
 * and planned for any values (`plan_cache_mode = force_generic_plan`). That is right only where
 * the values never change which plan is best: a word in half the files and a word in twenty want
 * different plans. So the generic plans have a pool of their own (`generic` in client.ts, opened
 * with `plannedOnceOptions`), and only the statements measured to be as fast or faster generic,
 * for every kind of text the search bench asks, run on it. Each is named by a hash of its text:
 * one shape is prepared once per connection, whatever its values.
 *
 * PGlite has one session and no such pool: its statements run as any other.
 */
export type PlannedOnce = {
  /** The handle to build these statements on (the database itself on PGlite). */
  db: Db;
  /** The rows of a raw statement. */
  rows<T>(statement: SQL): Promise<T[]>;
};

const dialect = new PgDialect();

/** A prepared statement's name: the same text, the same name. */
export function onceName(text: string): string {
  return `once_${crypto.hash('sha1', text).slice(0, 24)}`;
}

/** The same statements on `db`, planned per call as any other (PGlite, or a test's own handle). */
export function plannedPerCall(db: Db): PlannedOnce {
  return { db, rows: (statement) => rowsOf(db, statement) };
}

/** The database's generic pool (PostgreSQL), or its one session (PGlite). */
export function plannedOnce(database: Database): PlannedOnce {
  if (!database.generic) return plannedPerCall(database.db);
  const { db, pool } = database.generic;
  return {
    db,
    async rows<T>(statement: SQL): Promise<T[]> {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      return (await pool.query<T & pg.QueryResultRow>({ name: onceName(text), text, values: params as unknown[] })).rows;
    },
  };
}

/** A query built on `PlannedOnce.db` (a select), prepared under the name of its text and run. */
export function runOnce<T>(query: { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<T> } }): Promise<T> {
  return query.prepare(onceName(query.toSQL().sql)).execute();
}
