import Fastify from 'fastify';
import { buildApp } from './app';
import { claimDataDir } from './backup/data-dir-claim';
import { appBackups } from './backup/app-backups';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './composition';
import { logOptions } from './lib/log-options';
import { keepDataDirPrivate, tighten } from './lib/private-data-dir';
import { openSharedState } from './shared-state';
import { growHeapInLargerSteps } from './operations/heap-growth';

growHeapInLargerSteps();
const config = loadConfig();
// DATA_DIR is the server's alone: owner-only modes for what it writes and what an older version left.
await keepDataDirPrivate(config.dataDir);
// PGlite: DATA_DIR is this process's alone, and `npm run backup` asks it for the dump (decision 022).
const dataDirClaim = config.databaseUrl ? null : await claimDataDir(config.dataDir);
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, pgliteSharedBuffersMb: config.pgliteSharedBuffersMb });
await migrateDatabase(database);
if (database.kind === 'pglite') await tighten(config.pgliteDir);
// In memory, or through Redis when REDIS_URL is set (several app processes behind a balancer).
// A Fastify instance that never listens lends its logger before the app exists.
const shared = await openSharedState(config, Fastify({ logger: logOptions(config.logLevel) }).log);
const app = await buildApp({ config, database, bus: shared.bus, counters: shared.counters, turns: shared.turns, live: shared.live, redisPing: shared.ping });
dataDirClaim?.serveBackups(appBackups(database, config, app.log));

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // First /readyz answers 503 while everything else still serves: the balancer stops sending here.
  app.health.drain();
  await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  // Then stop taking requests, let the ones in flight finish, stop the job queue (app.close's onClose
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

// The address to open comes first and last; the raw addresses it listens on between say where
// their pages go, so nobody signs up at one the origin check refuses (decision 030).
app.log.info(`Kaleido starting: open ${config.publicUrl} (PUBLIC_URL)`);
const elsewhere = config.redirectToPublicUrl ? `pages there redirect to ${config.publicUrl}` : `members open ${config.publicUrl}, not this`;
await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `Listening at ${address}: ${elsewhere}` });
app.log.info(`Kaleido on ${config.publicUrl} (${database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL'})`);
