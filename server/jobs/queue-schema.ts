import type { Database } from '../db/client';
import { createBoss } from './boss';

/**
 * Creates or upgrades pg-boss's schema, as the Drizzle migrations do for the app's tables, so a
 * process (or a test template) has it before anything is enqueued. Nothing is supervised or worked.
 */
export async function migrateJobSchema(database: Database): Promise<void> {
  const boss = createBoss(database, { supervise: false, schedule: false, registerInstance: false, useListenNotify: false });
  boss.on('error', () => {}); // start() rejects with the same error
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
