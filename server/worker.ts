import Fastify from 'fastify';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { createJobQueue } from './jobs/queue';
import { registerJobHandlers } from './jobs/register-handlers';
import { logOptions } from './lib/log-options';
import { createMailer } from './mail/mailer';
import { createRecognizer } from './media/recognition/recognizer';
import { createAuthService } from './modules/auth/auth.service';
import { createResetTokensRepo, createSessionsRepo } from './modules/auth/sessions.repo';
import { createFilesRepo } from './modules/files/files.repo';
import { createRecognitionRepo } from './modules/files/recognition.repo';
import { createTaggingService } from './modules/files/tagging.service';
import { createUsersRepo } from './modules/users/users.repo';
import { createWaitlistRepo } from './modules/waitlist/waitlist.repo';
import { createStorage } from './storage/create-storage';
import { createNotificationMailRepo } from './modules/notification-mail/notification-mail.repo';
import { createNotificationMailService } from './modules/notification-mail/notification-mail.service';
import { resolveAppSecret } from './lib/app-secret';

// `npm run worker`: works the job queue, serves no HTTP. At scale several of these run next to
// app processes started with WORKERS=0. (PGlite is one process's file: this needs DATABASE_URL.)
const config = loadConfig();
if (!config.databaseUrl) {
  // Two processes on one PGlite folder would corrupt it; the app works its own queue instead.
  console.error('npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database the app works its own jobs.');
  process.exit(2);
}
// A Fastify instance that never listens, for the app's logger with its redaction rules.
const log = Fastify({ logger: logOptions(config.logLevel) }).log;
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
await migrateDatabase(database);

const users = createUsersRepo(database.db);
const sessions = createSessionsRepo(database.db);
const resetTokens = createResetTokensRepo(database.db);
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log });
const storage = createStorage(config);
const recognizer = createRecognizer({ enabled: config.autotag });
const queue = createJobQueue(database, { log, work: true });
const auth = createAuthService({ config, users, sessions, resetTokens, waitlist: createWaitlistRepo(database.db), mailer, queue, log });
const tagging = createTaggingService({ files: createFilesRepo(database.db), recognition: createRecognitionRepo(database.db), storage, recognizer, log });
// Unsubscribe links signed here are checked by the app processes: on several machines they share APP_SECRET.
if (!config.appSecret) log.warn('APP_SECRET is unset: unsubscribe links verify only on processes sharing this DATA_DIR');
const notificationMail = createNotificationMailService({
  db: database.db, repo: createNotificationMailRepo(database.db), queue, config, secret: await resolveAppSecret(config), log,
});
registerJobHandlers(queue, { auth, sessions, resetTokens, tagging, mailer, notificationMail, log });
await queue.start();
log.info(`Kaleido worker working jobs (${database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL'})`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker shutting down');
  const timer = setTimeout(() => process.exit(1), 15_000);
  timer.unref();
  try {
    // Jobs in flight finish first; then the recognizer and the database they use.
    await queue.stop();
    await recognizer.close();
    await storage.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'worker shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
