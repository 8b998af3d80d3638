import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The rows of a raw statement (`db.execute`), as the caller knows them: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The `id` column of a raw statement's rows as numbers, in its order. */
export async function idsOf(db: Db, statement: SQL): Promise<number[]> {
  return (await rowsOf<{ id: number | string }>(db, statement)).map((r) => Number(r.id));
}
