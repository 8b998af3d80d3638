import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

/**
 * PostgreSQL's own thresholds for vacuuming and analysing a table (`autovacuum_vacuum_threshold`,
 * `_scale_factor` and their analyse twins, at their defaults): 50 rows plus a fifth of the table
 * dead, or 50 plus a tenth changed since its statistics were taken.
 */
const MANY_DEAD = sql`n_dead_tup > 50 + 0.2 * n_live_tup`;
const MANY_CHANGED = sql`n_mod_since_analyze > 50 + 0.1 * n_live_tup`;

export type VacuumPass = { vacuumed: string[]; analyzed: string[] };

/**
 * What autovacuum would do now, done once: PGlite runs PostgreSQL as one session without its
 * background workers, so no table is ever vacuumed or analysed on its own (docs/decisions/039,
 * "Vacuum"). Each due table is vacuumed and analysed, or analysed alone when only its changes are
 * due; the biggest last, so the small busy tables are done first.
 */
export async function vacuumWhereDue(db: Db): Promise<VacuumPass> {
  const due = await rowsOf<{ schema: string; name: string; dead: boolean }>(
    db,
    sql`select schemaname as schema, relname as name, ${MANY_DEAD} as dead
      from pg_stat_user_tables where ${MANY_DEAD} or ${MANY_CHANGED} order by n_live_tup, relname`,
  );
  const pass: VacuumPass = { vacuumed: [], analyzed: [] };
  for (const table of due) {
    const name = sql`${sql.identifier(table.schema)}.${sql.identifier(table.name)}`;
    await db.execute(table.dead ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
    (table.dead ? pass.vacuumed : pass.analyzed).push(`${table.schema}.${table.name}`);
  }
  return pass;
}
