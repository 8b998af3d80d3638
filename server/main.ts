import Fastify from 'fastify';
import { buildApp } from './app';
import { claimDataDir } from './backup/data-dir-claim';
import { appBackups } from './backup/app-backups';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { logOptions } from './lib/log-options';
import { openSharedState } from './lib/shared-state';

const config = loadConfig();
// PGlite: DATA_DIR is this process's alone, and `npm run backup` asks it for the dump (decision 022).
const dataDirClaim = config.databaseUrl ? null : await claimDataDir(config.dataDir);
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await migrateDatabase(database);
// In memory, or through Redis when REDIS_URL is set (several app processes behind a balancer).
// A Fastify instance that never listens lends its logger before the app exists.
const shared = await openSharedState(config, Fastify({ logger: logOptions(config.logLevel) }).log);
const app = await buildApp({ config, database, bus: shared.bus, counters: shared.counters, turns: shared.turns, live: shared.live });
dataDirClaim?.serveBackups(appBackups(database, config, app.log));

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones in flight finish, stop the job queue (app.close's onClose
  // hook: jobs in flight finish), then close Redis and the database.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await shared.close();
    await database.close();
    await dataDirClaim?.close();
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
