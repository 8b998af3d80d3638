import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrateJobSchema } from '../jobs/queue-schema';
import { serverAsset } from '../lib/server-paths';
import type { Database } from './client';

// Apart from the connection (client.ts), which the job queue's schema itself needs: one file
// that knows both, so db/ and jobs/ do not import each other.

export const migrationsFolder = serverAsset('db/migrations');

/** The app's tables (Drizzle migrations), then the job queue's own schema, on either database. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder });
  else await migratePglite(database.db as never, { migrationsFolder });
  await migrateJobSchema(database);
}
