import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await migrateDatabase(database);
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones in flight finish, stop the job queue (app.close's onClose
  // hook: jobs in flight finish), then close the database.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Kaleido on ${config.publicUrl} (${database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL'})`);
