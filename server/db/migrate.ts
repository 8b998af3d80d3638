import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { serverAsset } from '../lib/server-paths';
import type { Database } from './client';

export const migrationsFolder = serverAsset('db/migrations');

/**
 * The app's tables (Drizzle migrations), on either database. The job queue's schema is the
 * queue's own: the composition root (`migrateDatabase` in server/composition.ts) runs both.
 */
export async function migrateAppTables(database: Database): Promise<void> {
  if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder });
  else await migratePglite(database.db as never, { migrationsFolder });
}
