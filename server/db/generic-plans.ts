import crypto from 'node:crypto';
import pg from 'pg';
import { sessionOptions } from './session-settings';

/**
 * A pool whose statements are planned once per connection (docs/decisions/011-search.md,
 * "Planned once").
 *
 * PostgreSQL plans a statement anew for every set of values unless it is prepared under a name
 * and planned for any values (`plan_cache_mode = force_generic_plan`). That is right only where
 * the values never change which plan is best: a word in half the files and a word in twenty want
 * different plans. So the generic plans have a pool of their own (`generic` in client.ts), and
 * only the statements measured to be as fast or faster generic, for every kind of text the search
 * bench asks, run on it. Every statement sent to this pool is prepared under a name made from a
 * hash of its text: one shape is prepared once per connection, whatever its values, and the text
 * is built once per call as on the main pool.
 */
export function openGenericPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `${sessionOptions} -c plan_cache_mode=force_generic_plan` });
  const query = pool.query.bind(pool) as (config: pg.QueryConfig, ...rest: unknown[]) => unknown;
  (pool as { query: unknown }).query = (config: string | pg.QueryConfig, ...rest: unknown[]) => {
    const given = typeof config === 'string' ? { text: config } : config;
    return query({ ...given, name: given.name ?? statementName(given.text) }, ...rest);
  };
  return pool;
}

/** A prepared statement's name: the same text, the same name. */
export function statementName(text: string): string {
  return `once_${crypto.hash('sha1', text).slice(0, 24)}`;
}
