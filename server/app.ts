import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES } from '../contract/limits';
import type { Config } from './config';
import type { Database } from './db/client';
import { logOptions } from './lib/log-options';
import { memoryCounters, memoryTurns, type CounterStore, type TurnStore } from './lib/throttle';
import { createStorage } from './storage/create-storage';
import { sweepDebris } from './storage/startup-sweep';
import { createStoredKeysRepo } from './storage/stored-keys.repo';
import type { Storage } from './storage/storage';
import { createMailer, type Mailer } from './mail/mailer';
import { wireJobServices } from './jobs/job-services';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './jobs/queue';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthThrottle } from './modules/auth/auth.throttle';
import { createResetTokensRepo, createSessionsRepo } from './modules/auth/sessions.repo';
import { createCachedSessions } from './modules/auth/session-cache';
import { createFileReads, type FileReads } from './modules/files/reads/file-reads';
import { createReadsRepo } from './modules/files/reads/reads.repo';
import { createViewCounter, type ViewCounter } from './modules/files/view-counter';
import { createViewsRepo } from './modules/files/views.repo';
import { afterWrites } from './lib/after-writes';
import { createLocalHub, type LiveHub } from './live/live-hub';
import { eventsRoutes } from './live/events.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { ALL, createLocalBus, type InvalidationBus } from './lib/invalidation-bus';
import { feedWritingRepos, folderWriteTopics, socialWriteTopics } from './modules/files/feed-writes';
import { createDiscoveryRepo } from './modules/files/discovery.repo';
import { filesRoutes } from './modules/files/files.routes';
import { createFingerprintsRepo } from './modules/similar/fingerprints.repo';
import { createSimilarIndex, type SimilarIndex } from './modules/similar/similar-index';
import { similarRoutes } from './modules/similar/similar.routes';
import { createSimilarService } from './modules/similar/similar.service';
import { mediaRoutes } from './modules/files/media.routes';
import { createSocialRepo } from './modules/files/social.repo';
import { socialRoutes } from './modules/files/social.routes';
import { createUploadService } from './modules/files/upload.service';
import { createRecognizer, type Recognizer } from './media/recognition/recognizer';
import { createUsersRepo } from './modules/users/users.repo';
import { createCollaboratorsRepo } from './modules/folders/collaborators.repo';
import { collaboratorsRoutes } from './modules/folders/collaborators.routes';
import { createFolderFilesRepo } from './modules/folders/folder-files.repo';
import { folderFilesRoutes } from './modules/folders/folder-files.routes';
import { createFoldersRepo } from './modules/folders/folders.repo';
import { foldersRoutes } from './modules/folders/folders.routes';
import { createInvitesRepo } from './modules/folders/invites.repo';
import { invitesRoutes } from './modules/folders/invites.routes';
import { settingsRoutes } from './modules/users/settings.routes';
import { createFollowsRepo } from './modules/users/follows.repo';
import { profilesRoutes } from './modules/users/profiles.routes';
import { createSearchRepo } from './modules/search/search.repo';
import { searchRoutes } from './modules/search/search.routes';
import { createWaitlistRepo } from './modules/waitlist/waitlist.repo';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { createWaitlistService } from './modules/waitlist/waitlist.service';
import { unsubscribeRoutes } from './modules/notification-mail/unsubscribe.routes';
import { createMessagesRepo } from './modules/messages/messages.repo';
import { messagesRoutes } from './modules/messages/messages.routes';
import { archivesRoutes } from './modules/archives/archives.routes';
import { createMessagesService } from './modules/messages/messages.service';
import { registerClient } from './plugins/client';
import { registerAddressLimits } from './plugins/address-limits';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestLog } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { registerWriteBudgets } from './plugins/write-budgets';

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

const FEED_USER_COLUMNS = new Set(['username', 'firstName', 'lastName', 'profileImageKey', 'status']);

/** Builds the whole app from its parts; main.ts and the tests both call this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: logOptions(config.logLevel, deps.logStream),
    // Replaced by one cheaper line per request (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.server),
  });
  // Past the cap, node closes new sockets at once: slow clients cannot exhaust file descriptors.
  app.server.maxConnections = config.server.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of the hooks: a refused request costs no session lookup and no body.
  registerAddressLimits(app, { trustProxy: config.trustProxy, ...config.server });
  if (app.log.level !== 'silent') registerRequestLog(app);
  registerSecurity(app, { config, adClient: config.adClient });

  const db = database.db;
  const bus = deps.bus ?? createLocalBus();
  const reads = createFileReads(createReadsRepo(db), bus);
  const feedWriting = feedWritingRepos(db, bus);
  const { announce } = feedWriting;
  // A member's row is in their cached sessions (request.user) and decides their grants (the
  // admin flag); only the fields a file card shows of its owner (contract/files.ts fileOwner)
  // reach cached cards and comments.
  const users = afterWrites(createUsersRepo(db), (method, args) => {
    // A new member has neither sessions nor files yet: sign-ups leave the caches warm.
    if (method === 'insert') return;
    const id = typeof args[0] === 'number' ? args[0] : ALL;
    const shown = method === 'update' && Object.keys(args[1] as object).some((column) => FEED_USER_COLUMNS.has(column));
    return Promise.all([announce('user', id), shown && announce('owner', id)]);
  });
  const sessions = createCachedSessions(createSessionsRepo(db), bus);
  const resetTokens = createResetTokensRepo(db);
  const waitlist = createWaitlistRepo(db);
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: app.log });
  const counters = deps.counters ?? memoryCounters();
  const throttle = createAuthThrottle(config, counters, deps.turns ?? memoryTurns());
  const storage = deps.storage ?? createStorage(config);
  const queue = createJobQueue(database, { ...deps.jobs, log: app.log, work: config.workers });
  app.decorate('jobs', queue);
  app.decorate('live', deps.live ?? createLocalHub());

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 20 } });
  await app.register(sessionPlugin, { sessions, secureCookies: config.publicUrl.startsWith('https://') });
  registerWriteBudgets(app, { counters, scale: config.writeBudgetScale });
  await registerOpenApi(app);

  const files = feedWriting.files;
  const social = afterWrites(createSocialRepo(db, queue), socialWriteTopics(announce));
  const views = createViewCounter({ repo: createViewsRepo(db), queue, bus, log: app.log }, { flushMs: deps.viewFlushMs });
  app.decorate('reads', reads);
  app.decorate('views', views);
  const discovery = createDiscoveryRepo(db);
  const recognizer = deps.recognizer ?? createRecognizer({ enabled: config.autotag, threads: config.recognitionThreads });
  const { auth, tagging, secret, notifications, archives } = await wireJobServices({ config, db, queue, users, sessions, resetTokens, feedWriting, mailer, storage, recognizer, live: app.live, log: app.log });
  // A new folder is empty: it grants nothing yet.
  const folders = afterWrites(createFoldersRepo(db), folderWriteTopics(announce, ['insert']));
  const folderDeps = {
    folders,
    links: afterWrites(createFolderFilesRepo(db, queue), folderWriteTopics(announce)),
    // Editor or viewer, a collaborator sees the same files.
    collaborators: afterWrites(createCollaboratorsRepo(db), folderWriteTopics(announce, ['setRole'])),
    // A pending invite grants nothing; an accepted one makes the folder's files visible.
    invites: afterWrites(createInvitesRepo(db, queue), (method) => (method === 'accept' ? announce('grants', ALL) : undefined)),
    files,
    users,
  };
  const uploads = createUploadService({ files, storage, log: app.log, queue, tmpDir: config.tmpDir, mediaTimeoutMs: config.mediaTimeoutMs, folders: folderDeps, announce });
  await queue.start();
  // One hook, in this order: a job in flight may still use the recognizer and the database.
  app.addHook('onClose', async () => {
    // Views waiting in memory are written while the database is still open.
    await views.close();
    await queue.stop();
    await recognizer.close();
    // A storage handed in by the caller is the caller's to close.
    if (!deps.storage) await storage.close();
  });

  // Before the first request: what a crash left in storage and scratch space. A failed sweep must not stop the start.
  const storedKeys = createStoredKeysRepo(db);
  app.addHook('onReady', async () => {
    await sweepDebris({ storage, tmpDir: config.tmpDir, referencedKeys: storedKeys.referencedKeys, log: app.log }).catch((err) =>
      app.log.warn({ err }, 'start-up sweep failed'),
    );
  });

  // Every app process holds the embeddings of all images, read at start and kept current by the bus.
  const fingerprints = createFingerprintsRepo(db);
  const similarIndex = createSimilarIndex(fingerprints, bus);
  app.decorate('similarIndex', similarIndex);
  app.addHook('onReady', async () => {
    // Not awaited: the first "More like this" waits for it, nothing else does.
    similarIndex.start().catch((err) => app.log.error({ err }, 'the neighbour index could not be built'));
  });

  await authRoutes(app, { config, auth, sessions, throttle, secret });
  await filesRoutes(app, { files, uploads, tagging, reads, views });
  await similarRoutes(app, { similar: createSimilarService({ index: similarIndex, fingerprints, reads }) });
  await socialRoutes(app, { files, social, discovery, reads });
  await mediaRoutes(app, { files, storage });
  await foldersRoutes(app, folderDeps);
  await folderFilesRoutes(app, folderDeps);
  await collaboratorsRoutes(app, folderDeps);
  await invitesRoutes(app, folderDeps);
  await settingsRoutes(app, { users, sessions, storage, queue });
  // A follow changes both members' counts, which their cached sessions (GET /api/user) carry;
  // feed cards show no counts, so the feed stays cached.
  const follows = afterWrites(createFollowsRepo(db, queue), (_method, args) => {
    return Promise.all(args.slice(0, 2).map((id) => bus.publish('user', String(id))));
  });
  const search = createSearchRepo(db);
  await profilesRoutes(app, { users, follows, folders: folderDeps.folders, files, search });
  await notificationsRoutes(app, { notifications });
  await eventsRoutes(app, { live: app.live, idleTimeoutMs: config.server.requestTimeoutMs, unreadCount: notifications.unreadCount, bus, sessions });
  await searchRoutes(app, { search, files, folders: folderDeps.folders, links: folderDeps.links });
  await waitlistRoutes(app, { waitlist, service: createWaitlistService({ db, waitlist, queue, config }) });
  await unsubscribeRoutes(app, { users, secret });
  // Messages touch no cached data (feed pages, sessions): their repository needs no afterWrites.
  const messages = createMessagesService({ messages: createMessagesRepo(db), users, live: app.live });
  await messagesRoutes(app, { messages });
  await archivesRoutes(app, { archives, storage });
  await registerClient(app, config.clientDir);
  return app;
}
