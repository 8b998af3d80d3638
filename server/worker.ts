import Fastify from 'fastify';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './composition';
import { composeServices } from './composition';
import { createJobQueue } from './jobs/queue';
import { registerJobHandlers } from './jobs/register-handlers';
import { logOptions } from './lib/log-options';
import { keepDataDirPrivate } from './lib/private-data-dir';
import { openSharedState } from './shared-state';
import { createMailer } from './mail/mailer';
import { createRecognizer } from './media/recognition/recognizer';
import { createStorage } from './storage/create-storage';
import { createMetrics } from './operations/metrics';
import { startWorkerListener } from './operations/worker-listener';

// `npm run worker`: works the job queue, serves no HTTP. At scale several of these run next to
// app processes started with WORKERS=0. (PGlite is one process's file: this needs DATABASE_URL.)
const config = loadConfig();
if (!config.databaseUrl) {
  // Two processes on one PGlite folder would corrupt it; the app works its own queue instead.
  console.error('npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database the app works its own jobs.');
  process.exit(2);
}
// Scratch files and the outbox under DATA_DIR are owner-only, as the app's (docs/decisions/026).
await keepDataDirPrivate(config.dataDir);
// A Fastify instance that never listens, for the app's logger with its redaction rules.
const log = Fastify({ logger: logOptions(config.logLevel) }).log;
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, pgliteSharedBuffersMb: config.pgliteSharedBuffersMb });
await migrateDatabase(database);
// A job's writes (a recognition result) empty the app processes' caches, and the live events a
// job publishes reach members' streams, through Redis when REDIS_URL is set.
const shared = await openSharedState(config, log);

const storage = createStorage(config);
const recognizer = createRecognizer({ enabled: config.autotag, threads: config.recognitionThreads });
// Job runs and failures, the queue's depth, recognition and media times: on METRICS_PORT (below).
const metrics = createMetrics();
const queue = createJobQueue(database, { log, work: true, onRun: metrics.onJobRun });
if (!config.appSecret) log.warn('APP_SECRET is unset: unsubscribe links verify only on processes sharing this DATA_DIR');
// The same services as the app process's (server/composition.ts), so a job does the same
// writes and announces them on the same bus wherever it runs.
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log });
const services = await composeServices({ config, database, queue, storage, mailer, recognizer, bus: shared.bus, live: shared.live, log, metrics });
registerJobHandlers(queue, services);
await queue.start();
metrics.readFrom({ jobs: () => services.jobStats.byName() });
const listener = await startWorkerListener({ metrics, token: config.metricsToken, port: config.metricsPort, host: config.host, logLevel: config.logLevel });
log.info(`Kaleido worker working jobs (${database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL'})`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker shutting down');
  const timer = setTimeout(() => process.exit(1), 15_000);
  timer.unref();
  try {
    await listener?.close();
    // Jobs in flight finish first; then the recognizer, Redis and the database they use.
    await queue.stop();
    await recognizer.close();
    await storage.close();
    await shared.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'worker shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
