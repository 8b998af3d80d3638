import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { resolveAppSecret } from '../lib/app-secret';
import type { LiveHub } from '../live/live-hub';
import type { Mailer } from '../mail/mailer';
import type { Recognizer } from '../media/recognition/recognizer';
import { createMemberArchives } from '../modules/archives/member-archives';
import { createAuthService } from '../modules/auth/auth.service';
import type { ResetTokensRepo, SessionsRepo } from '../modules/auth/sessions.repo';
import type { FeedWritingRepos } from '../modules/files/feed-writes';
import { createRenditionService } from '../modules/files/rendition.service';
import { createSocialRepo } from '../modules/files/social.repo';
import { createTaggingService } from '../modules/files/tagging.service';
import { createFoldersRepo } from '../modules/folders/folders.repo';
import { createInvitesRepo } from '../modules/folders/invites.repo';
import { createNotificationMailRepo } from '../modules/notification-mail/notification-mail.repo';
import { createNotificationMailService } from '../modules/notification-mail/notification-mail.service';
import { createNotificationEvents } from '../modules/notifications/notification-events';
import { createNotificationsRepo } from '../modules/notifications/notifications.repo';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { createNotifier } from '../modules/notifications/notifier';
import type { UsersRepo } from '../modules/users/users.repo';
import { createWaitlistRepo } from '../modules/waitlist/waitlist.repo';
import type { Storage } from '../storage/storage';
import type { JobQueue } from './queue';
import { registerJobHandlers } from './register-handlers';
import { registerSweepJobs } from '../storage/sweep-jobs';

export type JobWiring = {
  config: Config;
  db: Db;
  queue: JobQueue;
  /** The process's repositories: the app hands in its cache-invalidating ones. */
  users: UsersRepo;
  sessions: SessionsRepo;
  resetTokens: ResetTokensRepo;
  feedWriting: Pick<FeedWritingRepos, 'files' | 'recognition'>;
  mailer: Mailer;
  storage: Storage;
  recognizer: Recognizer;
  live: LiveHub;
  log: FastifyBaseLogger;
};

/**
 * The services jobs run with, built once for the app process and `npm run worker` alike, with
 * every handler registered on the queue. The app also serves routes with what this returns.
 */
export async function wireJobServices(w: JobWiring) {
  const auth = createAuthService({ config: w.config, users: w.users, sessions: w.sessions, resetTokens: w.resetTokens, waitlist: createWaitlistRepo(w.db), mailer: w.mailer, queue: w.queue, log: w.log });
  const tagging = createTaggingService({ files: w.feedWriting.files, recognition: w.feedWriting.recognition, storage: w.storage, recognizer: w.recognizer, log: w.log });
  const rendition = createRenditionService({ files: w.feedWriting.files, storage: w.storage, tmpDir: w.config.tmpDir, mediaTimeoutMs: w.config.mediaTimeoutMs, log: w.log });
  // Unsubscribe links signed by one process are checked by another: on several machines they share APP_SECRET.
  const secret = await resolveAppSecret(w.config);
  const notificationMail = createNotificationMailService({ db: w.db, repo: createNotificationMailRepo(w.db), queue: w.queue, config: w.config, secret, log: w.log });
  // Notifications are made by the handlers of the social events; routes only read and mark them.
  // Handlers read with plain repositories: they write no data that a cache holds.
  const notificationsRepo = createNotificationsRepo(w.db);
  const folders = createFoldersRepo(w.db);
  const notifier = createNotifier({ repo: notificationsRepo, queue: w.queue, live: w.live, folders, log: w.log });
  const notificationEvents = createNotificationEvents({
    notifier,
    repo: notificationsRepo,
    files: w.feedWriting.files,
    users: w.users,
    comments: createSocialRepo(w.db, w.queue),
    folders,
    invites: createInvitesRepo(w.db, w.queue),
    live: w.live,
  });
  const notifications = createNotificationsService({ repo: notificationsRepo, queue: w.queue, live: w.live, folders });
  const archives = createMemberArchives(w, notifier);
  registerSweepJobs(w.queue, { db: w.db, storage: w.storage, tmpDir: w.config.tmpDir, log: w.log });
  registerJobHandlers(w.queue, { auth, sessions: w.sessions, resetTokens: w.resetTokens, tagging, rendition, mailer: w.mailer, notificationMail, notificationEvents, archives, live: w.live, log: w.log });
  return { auth, tagging, secret, notifications, archives };
}
