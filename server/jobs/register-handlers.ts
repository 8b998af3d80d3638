import type { FastifyBaseLogger } from 'fastify';
import { registerMailJobs } from '../modules/notification-mail/mail-jobs';
import type { Mailer } from '../mail/mailer';
import { registerArchiveJobs } from '../modules/archives/archive-jobs';
import type { ArchivesService } from '../modules/archives/archives.service';
import { registerAuthJobs } from '../modules/auth/auth-jobs';
import type { AuthFlowsRepo } from '../modules/account-security/auth-flows.repo';
import type { AuthService } from '../modules/auth/auth.service';
import type { ResetTokensRepo, SessionsRepo } from '../modules/auth/sessions.repo';
import { registerFileJobs } from '../modules/files/file-jobs';
import { registerRenditionJobs } from '../modules/files/rendition-jobs';
import type { MetadataPass } from '../modules/files/metadata-pass.service';
import type { RenditionService } from '../modules/files/rendition.service';
import type { TaggingService } from '../modules/files/tagging.service';
import { registerNotificationMailJobs } from '../modules/notification-mail/notification-mail-jobs';
import type { NotificationMailService } from '../modules/notification-mail/notification-mail.service';
import type { NotificationEvents } from '../modules/notifications/notification-events';
import { registerNotificationJobs } from '../modules/notifications/notification-jobs';
import type { LiveHub } from '../live/live-hub';
import { registerPushJobs } from '../modules/push/push-jobs';
import type { PushService } from '../modules/push/push.service';
import type { Storage } from '../storage/storage';
import type { StoredKeysRepo } from '../storage/stored-keys.repo';
import { registerSweepJobs } from '../modules/files/sweep-jobs';
import type { JobQueue } from './queue';
import type { Database } from '../db/client';
import { registerVacuumJobs } from '../db/vacuum-jobs';
import { registerAccountDeletionJobs, type AccountDeletion } from '../modules/safety/account-deletion';

export type JobServices = {
  auth: AuthService;
  sessions: SessionsRepo;
  resetTokens: ResetTokensRepo;
  /** Sign-in steps under way (docs/decisions/034), purged with expired sessions. */
  authFlows: AuthFlowsRepo;
  tagging: TaggingService;
  rendition: RenditionService;
  metadataPass: MetadataPass;
  mailer: Mailer;
  notificationMail: NotificationMailService;
  archives: ArchivesService;
  /** The social events' handlers: notifications, reply fan-out, live events, mail jobs. */
  notificationEvents: NotificationEvents;
  /** Web Push: a notification's or a message's push, and each device's delivery. */
  push: PushService;
  /** Live events a job publishes reach members' streams on every app process (Redis hub at scale). */
  live: LiveHub;
  /** The periodic sweep of storage debris. */
  storage: Storage;
  storedKeys: StoredKeysRepo;
  /** Finishes account deletions (docs/decisions/028-safety-kit.md). */
  deletion: AccountDeletion;
  config: { tmpDir: string };
  /** The embedded database is vacuumed by a job (server/db/vacuum.ts). */
  database: Pick<Database, 'db' | 'kind'>;
  log: FastifyBaseLogger;
};

/**
 * Every domain's handlers, for the app process and `npm run worker` alike, with the services of
 * the composition root (server/composition.ts).
 */
export function registerJobHandlers(queue: JobQueue, s: JobServices): void {
  registerSweepJobs(queue, { storedKeys: s.storedKeys, storage: s.storage, tmpDir: s.config.tmpDir, log: s.log });
  registerFileJobs(queue, s.tagging);
  registerRenditionJobs(queue, s.rendition, s.metadataPass);
  registerMailJobs(queue, s.mailer);
  registerAuthJobs(queue, s);
  registerNotificationMailJobs(queue, s.notificationMail);
  registerArchiveJobs(queue, s.archives);
  registerNotificationJobs(queue, s.notificationEvents);
  registerPushJobs(queue, s.push);
  registerAccountDeletionJobs(queue, s.deletion);
  registerVacuumJobs(queue, s);
}
