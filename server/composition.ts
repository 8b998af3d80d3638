import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import { afterWrites } from './lib/after-writes';
import { resolveAppSecret } from './lib/app-secret';
import { ALL, type InvalidationBus } from './lib/invalidation-bus';
import { memoryCounters, memoryTurns, type CounterStore, type TurnStore } from './lib/throttle';
import type { LiveHub } from './live/live-hub';
import type { Mailer } from './mail/mailer';
import type { Recognizer } from './media/recognition/recognizer';
import { createArchiveContentRepo } from './modules/archives/archive-content.repo';
import { createArchivesRepo } from './modules/archives/archives.repo';
import { createArchivesService } from './modules/archives/archives.service';
import { createAuthService } from './modules/auth/auth.service';
import { createAuthThrottle } from './modules/auth/auth.throttle';
import { createCachedSessions } from './modules/auth/session-cache';
import { createResetTokensRepo, createSessionsRepo } from './modules/auth/sessions.repo';
import { createDiscoveryRepo } from './modules/files/discovery.repo';
import { announcer, fileWriteTopics, folderWriteTopics, recognitionWriteTopics, socialWriteTopics, type Announce } from './modules/files/feed-writes';
import { createFilesRepo } from './modules/files/files.repo';
import { createRecognitionRepo } from './modules/files/recognition.repo';
import { createFileReads } from './modules/files/reads/file-reads';
import { createReadsRepo } from './modules/files/reads/reads.repo';
import { createRenditionService } from './modules/files/rendition.service';
import { createSocialRepo } from './modules/files/social.repo';
import { createTaggingService } from './modules/files/tagging.service';
import { createUploadService } from './modules/files/upload.service';
import { createViewCounter } from './modules/files/view-counter';
import { createViewsRepo } from './modules/files/views.repo';
import { createCollaboratorsRepo } from './modules/folders/collaborators.repo';
import type { FolderDeps } from './modules/folders/folder-deps';
import { createFolderFilesRepo } from './modules/folders/folder-files.repo';
import { createFoldersRepo } from './modules/folders/folders.repo';
import { createInvitesRepo } from './modules/folders/invites.repo';
import { createInviteService } from './modules/folders/invites.service';
import { createMessagesRepo } from './modules/messages/messages.repo';
import { createMessagesService } from './modules/messages/messages.service';
import { createNotificationMailRepo } from './modules/notification-mail/notification-mail.repo';
import { createNotificationMailService } from './modules/notification-mail/notification-mail.service';
import { createNotificationEvents } from './modules/notifications/notification-events';
import { createNotificationsRepo } from './modules/notifications/notifications.repo';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createNotifier } from './modules/notifications/notifier';
import { createSearchRepo } from './modules/search/search.repo';
import { createFingerprintsRepo } from './modules/similar/fingerprints.repo';
import { createSimilarIndex } from './modules/similar/similar-index';
import { createSimilarService } from './modules/similar/similar.service';
import { createFollowsRepo } from './modules/users/follows.repo';
import { createSettingsService } from './modules/users/settings.service';
import { createUsersRepo } from './modules/users/users.repo';
import { createWaitlistRepo } from './modules/waitlist/waitlist.repo';
import { createWaitlistService } from './modules/waitlist/waitlist.service';
import type { Storage } from './storage/storage';
import { createStoredKeysRepo } from './storage/stored-keys.repo';

/**
 * The composition root (docs/decisions/019): every repository and service of the server is
 * built here and nowhere else, from the process's I/O adapters. server/app.ts and
 * server/worker.ts both call `composeServices`; the app adds `composeHttpServices` (caches and
 * counters only a process that serves requests needs). Route files and job handlers receive
 * what these return.
 */
export type Adapters = {
  config: Config;
  database: Database;
  queue: JobQueue;
  storage: Storage;
  mailer: Mailer;
  recognizer: Recognizer;
  /** How caches learn of writes: in process, or Redis-backed when scaled out. */
  bus: InvalidationBus;
  /** Where live events meet members' open streams: in process, or Redis-backed. */
  live: LiveHub;
  log: FastifyBaseLogger;
};

const FEED_USER_COLUMNS = new Set(['username', 'firstName', 'lastName', 'profileImageKey', 'status']);

/**
 * A member's row is in their cached sessions (request.user) and decides their grants (the admin
 * flag); only the fields a file card shows of its owner (contract/files.ts fileOwner) reach
 * cached cards and comments.
 */
function userWriteTopics(announce: Announce) {
  return (method: string, args: unknown[]) => {
    // A new member has neither sessions nor files yet: sign-ups leave the caches warm.
    if (method === 'insert') return;
    const id = typeof args[0] === 'number' ? args[0] : ALL;
    const shown = method === 'update' && Object.keys(args[1] as object).some((column) => FEED_USER_COLUMNS.has(column));
    return Promise.all([announce('user', id), shown && announce('owner', id)]);
  };
}

/** What the app process and `npm run worker` both run with: job handlers and routes use these. */
export async function composeServices(a: Adapters) {
  const { config, queue, storage, bus, live, log } = a;
  const db = a.database.db;
  // Each repository whose writes change what readers see announces them on the bus
  // (docs/decisions/018), in the worker as in the app, so every app process's caches follow.
  const announce = announcer(bus);
  const files = afterWrites(createFilesRepo(db), fileWriteTopics(announce));
  const fingerprints = createFingerprintsRepo(db);
  const recognition = afterWrites(createRecognitionRepo(db, fingerprints), recognitionWriteTopics(announce));
  const users = afterWrites(createUsersRepo(db), userWriteTopics(announce));
  const sessions = createCachedSessions(createSessionsRepo(db), bus);
  const resetTokens = createResetTokensRepo(db);
  const waitlist = createWaitlistRepo(db);
  // A new folder is empty: it grants nothing yet.
  const folders = afterWrites(createFoldersRepo(db), folderWriteTopics(announce, ['insert']));
  const folderRepos: FolderDeps = {
    folders,
    links: afterWrites(createFolderFilesRepo(db, queue), folderWriteTopics(announce)),
    // Editor or viewer, a collaborator sees the same files.
    collaborators: afterWrites(createCollaboratorsRepo(db), folderWriteTopics(announce, ['setRole'])),
    // A pending invite grants nothing; an accepted one makes the folder's files visible.
    invites: afterWrites(createInvitesRepo(db, queue), (method) => (method === 'accept' ? announce('grants', ALL) : undefined)),
    files,
    users,
  };
  // A follow changes both members' counts, which their cached sessions (GET /api/user) carry;
  // feed cards show no counts, so the feed stays cached.
  const follows = afterWrites(createFollowsRepo(db, queue), (_method, args) => Promise.all(args.slice(0, 2).map((id) => bus.publish('user', String(id)))));
  const social = afterWrites(createSocialRepo(db, queue), socialWriteTopics(announce));
  // Unsubscribe links signed by one process are checked by another: on several machines they share APP_SECRET.
  const secret = await resolveAppSecret(config);

  const auth = createAuthService({ config, users, sessions, resetTokens, waitlist, mailer: a.mailer, queue, log });
  const tagging = createTaggingService({ files, recognition, storage, recognizer: a.recognizer, log });
  const rendition = createRenditionService({ files, storage, tmpDir: config.tmpDir, mediaTimeoutMs: config.mediaTimeoutMs, log });
  const notificationMail = createNotificationMailService({ db, repo: createNotificationMailRepo(db), queue, config, secret, log });
  // Notifications are made by the handlers of the social events; routes only read and mark them.
  // Handlers read with plain repositories: they write no data that a cache holds.
  const notificationsRepo = createNotificationsRepo(db);
  const plainFolders = createFoldersRepo(db);
  const notifier = createNotifier({ repo: notificationsRepo, queue, live, folders: plainFolders, log });
  const notificationEvents = createNotificationEvents({
    notifier,
    repo: notificationsRepo,
    files,
    users,
    comments: createSocialRepo(db, queue),
    folders: plainFolders,
    invites: createInvitesRepo(db, queue),
    live,
  });
  const notifications = createNotificationsService({ repo: notificationsRepo, queue, live, folders: plainFolders });
  const archives = createArchivesService({ archives: createArchivesRepo(db), content: createArchiveContentRepo(db), notifier, queue, storage, config, log });

  return {
    config,
    db,
    queue,
    storage,
    mailer: a.mailer,
    recognizer: a.recognizer,
    bus,
    live,
    log,
    announce,
    // Repositories
    files,
    users,
    sessions,
    resetTokens,
    waitlist,
    folderRepos,
    follows,
    social,
    discovery: createDiscoveryRepo(db),
    search: createSearchRepo(db),
    fingerprints,
    storedKeys: createStoredKeysRepo(db),
    // Services
    secret,
    auth,
    tagging,
    rendition,
    notificationMail,
    notificationEvents,
    notifications,
    archives,
    uploads: createUploadService({ files, storage, log, queue, tmpDir: config.tmpDir, mediaTimeoutMs: config.mediaTimeoutMs, folders: folderRepos, announce }),
    invites: createInviteService(folderRepos),
    settings: createSettingsService({ users, sessions, storage, queue, log }),
    waitlistDecisions: createWaitlistService({ db, waitlist, queue, config }),
    // Messages touch no cached data (feed pages, sessions): their repository needs no afterWrites.
    messages: createMessagesService({ messages: createMessagesRepo(db), users, live }),
  };
}
export type Services = Awaited<ReturnType<typeof composeServices>>;

export type HttpAdapters = {
  /** Where throttling keeps its counters (in process by default; Redis when scaled out). */
  counters?: CounterStore;
  /** Where an attacked account's sign-ins take turns (same: in process, or Redis). */
  turns?: TurnStore;
  /** How often buffered views are written (2 s); tests shorten it. */
  viewFlushMs?: number;
};

/**
 * What only a process serving requests holds: the hot read caches, the buffered view counter
 * (a timer, closed by the app), the neighbour index of "More like this" (filled when the app is
 * ready, then kept current by the bus) and the sign-in throttle.
 */
export function composeHttpServices(s: Services, h: HttpAdapters = {}) {
  const counters = h.counters ?? memoryCounters();
  const reads = createFileReads(createReadsRepo(s.db), s.bus);
  const similarIndex = createSimilarIndex(s.fingerprints, s.bus);
  return {
    counters,
    throttle: createAuthThrottle(s.config, counters, h.turns ?? memoryTurns()),
    reads,
    views: createViewCounter({ repo: createViewsRepo(s.db), queue: s.queue, bus: s.bus, log: s.log }, { flushMs: h.viewFlushMs }),
    similarIndex,
    similar: createSimilarService({ index: similarIndex, fingerprints: s.fingerprints, reads }),
  };
}
export type HttpServices = ReturnType<typeof composeHttpServices>;
