import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { plannedOnce, type Database } from './db/client';
import { migrateAppTables } from './db/migrate';
import { migrateJobSchema } from './jobs/queue-schema';
import type { JobQueue } from './jobs/queue';
import { createEventWriter } from './events/event-writer';
import { resolveAppSecret } from './lib/app-secret';
import type { InvalidationBus } from './lib/invalidation-bus';
import type { LiveHub } from './live/live-hub';
import type { Mailer } from './mail/mailer';
import type { Recognizer } from './media/recognition/recognizer';
import { createAuthFlowsRepo } from './modules/account-security/auth-flows.repo';
import { createOidcIdentitiesRepo } from './modules/account-security/oidc-identities.repo';
import { createOidcService } from './modules/account-security/oidc.service';
import { createPasskeysRepo } from './modules/account-security/passkeys.repo';
import { createPasskeysService } from './modules/account-security/passkeys.service';
import { createSecretBox } from './modules/account-security/secret-box';
import { createSignInSourcesRepo } from './modules/account-security/sign-in-sources.repo';
import { createSignInService } from './modules/account-security/sign-in.service';
import { createTwoFactorRepo } from './modules/account-security/two-factor.repo';
import { createTwoFactorService } from './modules/account-security/two-factor.service';
import { createArchiveContentRepo } from './modules/archives/archive-content.repo';
import { createArchivesRepo } from './modules/archives/archives.repo';
import { createArchivesService } from './modules/archives/archives.service';
import { createAuthService } from './modules/auth/auth.service';
import { createCachedSessions } from './modules/auth/session-cache';
import { createResetTokensRepo, createSessionsRepo } from './modules/auth/sessions.repo';
import { createDiscoveryRepo } from './modules/files/discovery.repo';
import { createFileWrites, createRecognitionWrites } from './modules/files/file-writes';
import { createSocialWrites } from './modules/files/social-writes';
import { createFolderWrites } from './modules/folders/folder-writes';
import { createFollowWrites, createUserWrites } from './modules/users/user-writes';
import { createEditService } from './modules/files/edit.service';
import { createFilesRepo } from './modules/files/files.repo';
import { createRecognitionRepo } from './modules/files/recognition.repo';
import { createMetadataPass } from './modules/files/metadata-pass.service';
import { createRenditionService } from './modules/files/rendition.service';
import { createSocialRepo } from './modules/files/social.repo';
import { createTaggingService } from './modules/files/tagging.service';
import { createUploadService } from './modules/files/upload.service';
import { createCollaboratorsRepo } from './modules/folders/collaborators.repo';
import { createCollaboratorService } from './modules/folders/collaborators.service';
import type { FolderDeps } from './modules/folders/folder-deps';
import { createFolderFilesRepo } from './modules/folders/folder-files.repo';
import { createFolderFileService } from './modules/folders/folder-files.service';
import { createFoldersRepo } from './modules/folders/folders.repo';
import { createFolderService } from './modules/folders/folders.service';
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
import { createPushDelivery } from './modules/push/push-delivery';
import { createPushRepo } from './modules/push/push.repo';
import { createPushService } from './modules/push/push.service';
import { resolveVapidKeys } from './modules/push/vapid-keys';
import { createSearchRepo } from './modules/search/search.repo';
import { createSuggestionsRepo } from './modules/suggestions/suggestions.repo';
import { createSuggestionsService } from './modules/suggestions/suggestions.service';
import { createFingerprintsRepo } from './modules/similar/fingerprints.repo';
import { createFollowsRepo } from './modules/users/follows.repo';
import { createProfileService } from './modules/users/profiles.service';
import { createBlocksRepo } from './modules/safety/blocks.repo';
import { createBlockWrites } from './modules/safety/block-writes';
import { createBlockService } from './modules/safety/blocks.service';
import { createCommentModerationService } from './modules/safety/comment-moderation.service';
import { createModerationService } from './modules/safety/moderation.service';
import { createReportsRepo } from './modules/safety/reports.repo';
import { createAccountDeletion } from './modules/safety/account-deletion';
import { createAccountDeletionRepo } from './modules/safety/account-deletion.repo';
import { createSettingsService } from './modules/users/settings.service';
import { createStorageRepo } from './modules/users/storage.repo';
import { createStorageQuota } from './modules/users/storage-quota';
import { createUsersRepo } from './modules/users/users.repo';
import { createWaitlistRepo } from './modules/waitlist/waitlist.repo';
import { createWaitlistService } from './modules/waitlist/waitlist.service';
import type { Storage } from './storage/storage';
import type { Metrics } from './operations/metrics';
import { createTimedRecognizer } from './operations/timed-recognizer';
import { createJobStatsRepo } from './operations/job-stats.repo';
import { createAdminStatsRepo } from './operations/admin-stats.repo';
import { createStoredKeysRepo } from './storage/stored-keys.repo';

/**
 * The composition root (docs/decisions/019): every repository and service of the server is
 * built here and nowhere else, from the process's I/O adapters. server/app.ts and
 * server/worker.ts both call `composeServices`; the app adds `composeHttpServices`
 * (server/composition-http.ts: caches and counters only a process that serves requests needs).
 * Route files and job handlers receive what these return.
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
  /** This process's Prometheus families (server/operations/metrics.ts); tests may leave it out. */
  metrics?: Metrics;
};

/** The app's tables (Drizzle migrations), then the job queue's own schema, on either database. */
export async function migrateDatabase(database: Database): Promise<void> {
  await migrateAppTables(database);
  await migrateJobSchema(database);
}

/** What the app process and `npm run worker` both run with: job handlers and routes use these. */
export async function composeServices(a: Adapters) {
  const { config, queue, storage, bus, live, log } = a;
  const db = a.database.db;
  // Every write records what it did as an event (docs/decisions/038-events-as-data.md), in the
  // worker as in the app: server/events/event-table.ts queues its jobs in the write's transaction
  // and announces the caches it changes on the bus, so every app process's caches follow.
  const events = createEventWriter({ db, queue, bus, live });
  const once = plannedOnce(a.database);
  const filesRepo = createFilesRepo(db, once);
  const files = createFileWrites(filesRepo, events);
  const fingerprints = createFingerprintsRepo(db);
  const recognition = createRecognitionWrites(createRecognitionRepo(db, fingerprints), events);
  const users = createUserWrites(createUsersRepo(db), events);
  const sessions = createCachedSessions(createSessionsRepo(db, once), bus);
  const resetTokens = createResetTokensRepo(db);
  const waitlist = createWaitlistRepo(db);
  const folderTables = { folders: createFoldersRepo(db, once), links: createFolderFilesRepo(db), collaborators: createCollaboratorsRepo(db), invites: createInvitesRepo(db) };
  const folderRepos: FolderDeps = { ...createFolderWrites(folderTables, events), files, users };
  const folders = folderRepos.folders;
  const follows = createFollowWrites(createFollowsRepo(db), events);
  const socialRepo = createSocialRepo(db);
  const social = createSocialWrites(socialRepo, events);
  const search = createSearchRepo(db, once);
  // Unsubscribe links signed by one process are checked by another: on several machines they share APP_SECRET.
  const secret = await resolveAppSecret(config);

  const auth = createAuthService({ config, users, sessions, resetTokens, waitlist, mailer: a.mailer, queue, log });
  // Passkeys, two-factor, single sign-on and sign-in steps (docs/decisions/034).
  const authFlows = createAuthFlowsRepo(db);
  const accountSecurity = {
    authFlows,
    twoFactor: createTwoFactorService({ repo: createTwoFactorRepo(db), box: createSecretBox(secret) }),
    passkeys: createPasskeysService({ repo: createPasskeysRepo(db), config, secret, flows: authFlows, users }),
    oidc: createOidcService({ config, flows: authFlows, identities: createOidcIdentitiesRepo(db), users, auth, sessions, log }),
    signIn: createSignInService({ config, auth, sources: createSignInSourcesRepo(db), queue, log }),
  };
  const observeMedia = a.metrics ? (kind: string, seconds: number) => a.metrics!.mediaProcess.observe({ kind }, seconds) : undefined;
  const tagging = createTaggingService({ files, recognition, storage, recognizer: createTimedRecognizer(a.recognizer, a.metrics), log });
  const rendition = createRenditionService({ files, storage, tmpDir: config.tmpDir, mediaTimeoutMs: config.mediaTimeoutMs, log, observeMedia });
  const metadataPass = createMetadataPass({ db, storage, tmpDir: config.tmpDir, mediaTimeoutMs: config.mediaTimeoutMs, log });
  const notificationMail = createNotificationMailService({ db, repo: createNotificationMailRepo(db), queue, config, secret, log });
  // Notifications are made by the handlers of the social events; routes only read and mark them.
  // Handlers read with plain repositories: they write no data that a cache holds.
  const notificationsRepo = createNotificationsRepo(db);
  const plainFolders = folderTables.folders;
  // Web Push (docs/decisions/035): a notification's push job is written with its row.
  const vapid = await resolveVapidKeys(config.push);
  const push = createPushService({
    repo: createPushRepo(db, config.pushGroupWindowSeconds),
    queue,
    delivery: createPushDelivery({ vapid, subject: config.push.subject, timeoutMs: config.push.timeoutMs, allowPrivateEndpoints: config.push.allowPrivateEndpoints }),
    vapid,
    users: createUsersRepo(db),
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    db,
    log,
  });
  const notifier = createNotifier({ repo: notificationsRepo, queue, live, folders: plainFolders, log, push });
  const notificationEvents = createNotificationEvents({
    notifier,
    repo: notificationsRepo,
    files,
    users,
    comments: socialRepo,
    folders: plainFolders,
    invites: folderTables.invites,
    live,
  });
  const notifications = createNotificationsService({ repo: notificationsRepo, queue, live, folders: plainFolders });
  const reports = createReportsRepo(db);
  // Storage quotas (STORAGE_QUOTA_MB, or a member's own): uploads check them, Settings shows them.
  const storageQuota = createStorageQuota({ repo: createStorageRepo(db), users, notifier, defaultQuotaBytes: config.storageQuotaBytes, log });
  const uploadService = createUploadService({
    files,
    storage,
    log,
    mediaTimeoutMs: config.mediaTimeoutMs,
    // An upload into a folder links the file in the upload's own transaction, with its event.
    folders: { folders, links: folderTables.links },
    events,
    observeMedia,
    quota: storageQuota,
  });
  const archives = createArchivesService({ archives: createArchivesRepo(db), content: createArchiveContentRepo(db), notifier, queue, events, storage, config, log });

  return {
    config,
    db,
    once,
    database: a.database,
    queue,
    storage,
    mailer: a.mailer,
    recognizer: a.recognizer,
    bus,
    live,
    log,
    events,
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
    search,
    fingerprints,
    storedKeys: createStoredKeysRepo(db),
    jobStats: createJobStatsRepo(db),
    adminStats: createAdminStatsRepo(db),
    // Services
    secret,
    auth,
    ...accountSecurity,
    tagging,
    rendition,
    metadataPass,
    notificationMail,
    notificationEvents,
    notifications,
    archives,
    uploads: uploadService,
    storageQuota,
    folderService: createFolderService(folderRepos),
    collaboratorService: createCollaboratorService(folderRepos),
    folderFileService: createFolderFileService(folderRepos),
    invites: createInviteService(folderRepos),
    profiles: createProfileService({ users, follows, folders, files, search }),
    edits: createEditService({ files }),
    settings: createSettingsService({ users, sessions, storage, queue, log }),
    waitlistService: createWaitlistService({ db, waitlist, queue, config }),
    suggestions: createSuggestionsService({ suggestions: createSuggestionsRepo(db) }),
    messages: createMessagesService({ messages: createMessagesRepo(db), users, events, pushed: push.queueForMessage }),
    push,
    reports,
    deletion: createAccountDeletion({ repo: createAccountDeletionRepo(), events, storage, log }),
    // Blocks, mutes, comment removal, reports, their resolution and suspensions (docs/decisions/028-safety-kit.md).
    blocks: createBlockService({ blocks: createBlockWrites(createBlocksRepo(db), events), users }),
    commentModeration: createCommentModerationService({ social, files }),
    moderation: createModerationService({ reports, files, users, social, folders, notifier, events, uploads: uploadService }),
  };
}
export type Services = Awaited<ReturnType<typeof composeServices>>;
