import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES, PAGE_SIZE } from '../contract/limits';
import type { Config } from './config';
import type { Database } from './db/client';
import { logOptions } from './lib/log-options';
import { lazyRequestLogger } from './lib/request-logger';
import type { CounterStore, TurnStore } from './lib/throttle';
import { createStorage } from './storage/create-storage';
import { sweepDebris } from './storage/startup-sweep';
import type { Storage } from './storage/storage';
import { createMailer, type Mailer } from './mail/mailer';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './jobs/queue';
import { registerJobHandlers } from './jobs/register-handlers';
import { composeServices } from './composition';
import { composeHttpServices } from './composition-http';
import { authHandlers } from './modules/auth/auth.routes';
import { accountSecurityHandlers } from './modules/account-security/account-security.routes';
import { signInHandlers } from './modules/account-security/sign-in.routes';
import type { FileReads } from './modules/files/reads/file-reads';
import type { ViewCounter } from './modules/files/view-counter';
import { createLiveHub, type LiveHub } from './live/live-hub';
import { liveEventHandlers } from './live/events.routes';
import { notificationHandlers } from './modules/notifications/notifications.routes';
import { endpoints } from '../contract/api';
import { registerEndpoints } from './plugins/endpoints';
import { createLocalBus, type InvalidationBus } from './lib/invalidation-bus';
import { createMemoryCounters, createMemoryTurns } from './lib/throttle';
import { fileHandlers } from './modules/files/files.routes';
import type { SimilarIndex } from './modules/similar/similar-index';
import type { PublicPagesService } from './modules/public-pages/public-pages.service';
import { similarHandlers } from './modules/similar/similar.routes';
import { mediaHandlers } from './modules/files/media.routes';
import { socialHandlers } from './modules/files/social.routes';
import { createRecognizer, type Recognizer } from './media/recognition/recognizer';
import { collaboratorHandlers } from './modules/folders/collaborators.routes';
import { folderFileHandlers } from './modules/folders/folder-files.routes';
import { folderHandlers } from './modules/folders/folders.routes';
import { inviteHandlers } from './modules/folders/invites.routes';
import { settingsHandlers } from './modules/users/settings.routes';
import { profileHandlers } from './modules/users/profiles.routes';
import { blockHandlers } from './modules/safety/blocks.routes';
import { commentModerationHandlers } from './modules/safety/comments.routes';
import { moderationHandlers } from './modules/safety/moderation.routes';
import { accountDeletionHandlers } from './modules/safety/account-deletion.routes';
import { searchHandlers } from './modules/search/search.routes';
import { suggestionHandlers } from './modules/suggestions/suggestions.routes';
import { waitlistHandlers } from './modules/waitlist/waitlist.routes';
import { storageHandlers } from './modules/users/storage.routes';
import { adminStatsHandlers } from './operations/admin-stats.routes';
import { unsubscribeHandlers } from './modules/notification-mail/unsubscribe.routes';
import { messageHandlers } from './modules/messages/messages.routes';
import { archiveHandlers } from './modules/archives/archives.routes';
import { publicPageHandlers, registerPublicPages } from './modules/public-pages/public-pages.routes';
import { pushHandlers } from './modules/push/push.routes';
import { registerClient } from './plugins/client';
import { PRELOADED_PICTURES } from './plugins/member-preloads';
import { registerAddressLimits } from './plugins/address-limits';
import { registerIdleSockets } from './plugins/idle-sockets';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestLog } from './plugins/request-log';
import { registerPublicAddress } from './plugins/public-address';
import { registerSecurity } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { writeBudgetHook } from './plugins/write-budgets';
import { sql } from 'drizzle-orm';
import { cacheCounts } from './operations/cache-counts';
import { createMetrics } from './operations/metrics';
import { registerMetricsRoute, registerRequestMetrics } from './operations/metrics-routes';
import { createHealth, registerHealthRoutes, type Health, type ReadinessCheck } from './operations/health';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Where throttling keeps its counters (in process by default; Redis when scaled out). */
  counters?: CounterStore;
  /** Where an attacked account's sign-ins take turns (same: in process, or Redis). */
  turns?: TurnStore;
  storage?: Storage;
  recognizer?: Recognizer;
  /** How caches learn of writes; in-process by default, Redis-backed when scaled out. */
  bus?: InvalidationBus;
  /** Where live events meet members' open streams; in-process by default, Redis-backed when scaled out. */
  live?: LiveHub;
  /** Where the log goes (stdout by default); tests read it to prove no secret is written. */
  logStream?: NodeJS.WritableStream;
  /** How often buffered views are written (2 s); tests shorten it. */
  viewFlushMs?: number;
  /** Asks Redis for an answer when REDIS_URL is set: /readyz reports it (server/shared-state.ts). */
  redisPing?: () => Promise<unknown>;
  /** Tests shorten retry delays, schedules and polling. */
  jobs?: Partial<Omit<JobQueueOptions, 'log' | 'work'>>;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    live: LiveHub;
    /** The hot read caches (the benchmark reads their hit counts). */
    reads: FileReads;
    views: ViewCounter;
    /** The neighbour index of "More like this" (the benchmark reads its size and memory). */
    similarIndex: SimilarIndex;
    /** Visitors' pages as sent (the benchmark reads their hit counts). */
    publicPages: PublicPagesService;
    /** /readyz's checks, and the drain a shutdown starts with (server/operations/health.ts). */
    health: Health;
  }
}

/**
 * A client that sends its request slowly (a header byte a second) or not at all holds a socket
 * and memory for nothing: the headers must arrive within `headersTimeoutMs`, the whole request
 * within `requestTimeoutMs`, and an idle keep-alive socket closes after `keepAliveTimeoutMs`.
 * Node checks the first two every `connectionsCheckingInterval` (30 s by default): once a second.
 */
export function serverTimeouts(s: Config['server']) {
  return {
    requestTimeout: s.requestTimeoutMs,
    // A socket silent for the whole request time is dead whatever it was doing.
    connectionTimeout: s.requestTimeoutMs,
    keepAliveTimeout: s.keepAliveTimeoutMs,
    // node refuses a headers timeout longer than the request timeout.
    http: { headersTimeout: Math.min(s.headersTimeoutMs, s.requestTimeoutMs), connectionsCheckingInterval: Math.min(1000, s.headersTimeoutMs) },
  };
}

/** Builds the whole app from its parts; main.ts and the tests both call this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const logger = logOptions(config.logLevel, deps.logStream);
  const app = Fastify({
    logger,
    // Replaced by one cheaper line per request (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.server),
  });
  // A request's pino child is made only when it writes a line (server/lib/request-logger.ts).
  if (logger) app.setChildLoggerFactory(lazyRequestLogger);
  // Past the cap new sockets are closed at once (slow clients cannot exhaust file descriptors),
  // unless an idle one gives its place up; no address keeps many idle ones.
  registerIdleSockets(app, { trustProxy: config.trustProxy, ...config.server });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of the hooks: a refused request costs no session lookup and no body.
  registerAddressLimits(app, { trustProxy: config.trustProxy, ...config.server });
  registerRequestLog(app);
  registerPublicAddress(app, { config });
  registerSecurity(app, { config, adClient: config.adClient });

  const bus = deps.bus ?? createLocalBus();
  const live = deps.live ?? createLiveHub();
  const storage = deps.storage ?? createStorage(config);
  const recognizer = deps.recognizer ?? createRecognizer({ enabled: config.autotag, threads: config.recognitionThreads });
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: app.log });
  // This process's Prometheus families, fed from the first hook on (server/operations/metrics.ts).
  const metrics = createMetrics();
  // Without a token nobody can read them: the per-request hooks are not worth their cost then.
  if (config.metricsToken) registerRequestMetrics(app, metrics);
  const queue = createJobQueue(database, { ...deps.jobs, log: app.log, work: config.workers, onRun: metrics.onJobRun });
  // Every repository and service, built as `npm run worker` builds them (server/composition.ts).
  const s = await composeServices({ config, database, queue, storage, mailer, recognizer, bus, live, log: app.log, metrics });
  // Throttling's counters and turns, like the bus: in process unless the caller shares them (server/shared-state.ts).
  const http = composeHttpServices(s, { counters: deps.counters ?? createMemoryCounters(), turns: deps.turns ?? createMemoryTurns(), viewFlushMs: deps.viewFlushMs });
  registerJobHandlers(queue, s);
  app.decorate('jobs', queue);
  app.decorate('live', live);
  app.decorate('reads', http.reads);
  app.decorate('views', http.views);
  app.decorate('similarIndex', http.similarIndex);
  app.decorate('publicPages', http.publicPages);
  const checks: ReadinessCheck[] = [
    { name: 'database', check: () => database.db.execute(sql`select 1`) },
    ...(deps.redisPing ? [{ name: 'redis', check: deps.redisPing }] : []),
    // A key nobody writes: its absence is an answer, an unreachable disk or bucket is not.
    { name: 'storage', check: () => storage.stat('readyz/probe') },
  ];
  app.decorate('health', createHealth(checks));
  registerHealthRoutes(app, app.health);
  metrics.readFrom({ jobs: () => s.jobStats.byName(), liveStreams: () => live.size(), caches: () => cacheCounts(http.reads, http.publicPages) });
  registerMetricsRoute(app, metrics, config.metricsToken);

  await app.register(cookie);
  await app.register(sessionPlugin, { sessions: s.sessions, secureCookies: config.publicUrl.startsWith('https://') });
  await registerOpenApi(app);

  await queue.start();
  // One hook, in this order: a job in flight may still use the recognizer and the database.
  app.addHook('onClose', async () => {
    // Views waiting in memory are written while the database is still open.
    await http.views.close();
    await queue.stop();
    await recognizer.close();
    // A storage handed in by the caller is the caller's to close.
    if (!deps.storage) await storage.close();
  });

  // Before the first request: what a crash left in storage and scratch space. A failed sweep must not stop the start.
  app.addHook('onReady', async () => {
    await sweepDebris({ storage, tmpDir: config.tmpDir, referencedKeys: s.storedKeys.referencedKeys, log: app.log }).catch((err) =>
      app.log.warn({ err }, 'start-up sweep failed'),
    );
  });

  // Every app process holds the embeddings of all images, read at start and kept current by the bus.
  app.addHook('onReady', async () => {
    // Not awaited: the first "More like this" waits for it, nothing else does.
    http.similarIndex.start().catch((err) => app.log.error({ err }, 'the neighbour index could not be built'));
  });

  const { files, users, sessions } = s;
  const { reads } = http;
  const publicPages = { pages: http.publicPages, models: http.pageModels, reads, shareImages: http.shareImages };
  registerEndpoints(app, endpoints, {
    ...notificationHandlers({ notifications: s.notifications }),
    ...folderHandlers({ folders: s.folderService }),
    ...folderFileHandlers({ folderFiles: s.folderFileService }),
    ...collaboratorHandlers({ collaborators: s.collaboratorService }),
    ...inviteHandlers({ invites: s.invites }),
    ...messageHandlers({ messages: s.messages }),
    ...liveEventHandlers(app, { live, idleTimeoutMs: config.server.requestTimeoutMs, unreadCounts: async (id) => ({ notifications: await s.notifications.unreadCount(id), messages: await s.messages.unreadCount(id) }), bus: s.bus, sessions }),
    ...authHandlers({ config, auth: s.auth, throttle: http.throttle, signIn: http.signInReply, passwordSignIn: http.passwordSignIn }),
    ...signInHandlers({ ...s, throttle: http.throttle, passwordSignIn: http.passwordSignIn, signIn: http.signInReply }),
    ...accountSecurityHandlers({ security: http.security }),
    ...settingsHandlers({ settings: s.settings, storage }),
    ...profileHandlers({ profiles: s.profiles }),
    ...blockHandlers({ blocks: s.blocks }),
    ...commentModerationHandlers({ comments: s.commentModeration }),
    ...moderationHandlers({ moderation: s.moderation }),
    ...accountDeletionHandlers({ deletion: s.deletion }),
    ...waitlistHandlers({ waitlist: s.waitlistService }),
    ...storageHandlers({ storageQuota: s.storageQuota }),
    ...adminStatsHandlers({ stats: s.adminStats, jobStats: s.jobStats, liveStreams: () => live.size() }),
    ...unsubscribeHandlers({ users, secret: s.secret }),
    ...archiveHandlers({ archives: s.archives, storage }),
    ...fileHandlers({ files, uploads: s.uploads, tmpDir: config.tmpDir, tagging: s.tagging, reads, views: http.views, edits: s.edits }),
    ...socialHandlers({ social: http.socialService }),
    ...mediaHandlers({ files, storage }),
    ...similarHandlers({ similar: http.similar }),
    ...searchHandlers({ search: http.search }),
    ...publicPageHandlers(publicPages),
    ...suggestionHandlers({ suggestions: s.suggestions }),
    ...pushHandlers({ push: s.push }),
  }, { guards: { recentSignIn: http.recentSignIn, writeBudget: writeBudgetHook({ counters: http.counters, scale: config.writeBudgetScale }) }, multipart: { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 20 } } });
  // Visitors' pages before the app's catch-all: members at the same URLs still get the app.
  registerPublicPages(app, publicPages);
  await registerClient(app, config.clientDir, (user) => reads.feedCards(user, { offset: 0, limit: PAGE_SIZE }, PRELOADED_PICTURES));
  return app;
}
