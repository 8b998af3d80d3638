import { availableParallelism } from 'node:os';
import type { QueueOptions } from 'pg-boss';
import type { Mail } from '../mail/mailer';

/**
 * Every job the app knows, named after what happened, with its payload. Payloads carry ids and
 * addresses, never secrets: a reset link is made by the job that mails it (see the auth module).
 */
export type JobPayloads = {
  'file.uploaded': { fileId: number };
  /** A video or audio upload browsers cannot play: its web rendition is made (server/modules/files/rendition.service.ts). */
  'file.rendition': { fileId: number };
  'mail.send': Mail;
  /**
   * Mail about the account's safety (password or e-mail changed): a queue of its own, so a flood of
   * social mail on `mail.send` cannot hold it back (decision 021). Reset links are mailed by their own job.
   */
  'mail.security': Mail;
  'password-reset.requested': { email: string };
  'tokens.expired': Record<string, never>;
  /** A notification row was inserted (its mail in `all` mode is sent from here). */
  'notification.created': { notificationId: number };
  /** Hourly pass that sends each `periodic` member at most one digest a day. */
  'notification-digest.due': Record<string, never>;
  /** A member asked for their data archive (server/modules/archives). */
  'member-archive.requested': { archiveId: number };
  /** Hourly pass that deletes archives past their week. */
  'member-archives.expired': Record<string, never>;
  /**
   * Every ten minutes: what a crash left in storage and scratch space (server/storage/startup-sweep.ts),
   * so debris too young to sweep at start-up does not wait for the next start (decision 021).
   */
  'debris-sweep.due': Record<string, never>;
  /**
   * Every ten minutes: images recognised before they had fingerprints (an instance upgraded from
   * before fingerprints, decision 024) get them, so they have neighbours and are compared for near-duplicates.
   */
  'fingerprints.missing': Record<string, never>;
  /**
   * Every ten minutes: video and audio stored before originals lost their container metadata
   * (location, device) are stripped in place, renditions too (docs/decisions/026).
   */
  'media-metadata.missing': Record<string, never>;
  /**
   * Hourly on PGlite only: the tables autovacuum would vacuum or analyse now are (server/db/vacuum.ts);
   * PGlite runs no autovacuum (docs/decisions/039, "Vacuum").
   */
  'database.vacuum': Record<string, never>;
  // Social writes (docs/decisions/017-writes-as-events.md): each commits its row and its event in
  // one transaction; the handlers notify, fan out, publish live events and queue mail.
  /** `userId` liked file `fileId` (a new like row; a repeated like sends nothing). */
  'like.added': { fileId: number; userId: number };
  /** `userId` took their like of `fileId` back. */
  'like.removed': { fileId: number; userId: number };
  /** A comment row; its file and author are read from it. */
  'comment.added': { commentId: number };
  /**
   * File `fileId`'s description was written (an upload) or changed (an edit) by member `userId`:
   * the members it mentions are told once each (docs/decisions/032).
   */
  'file.described': { fileId: number; userId: number };
  /** `followerId` now follows `followingId` (a new follow row). */
  'follow.added': { followerId: number; followingId: number };
  /** `userId` linked file `fileId` into folder `folderId` (a new link row, an upload into a folder included). */
  'file.saved': { fileId: number; folderId: number; userId: number };
  /** An invite addressed to one member (link invites for anyone send nothing). */
  'invite.created': { inviteId: number };
  /** Member `userId` accepted or declined invite `inviteId`. */
  'invite.answered': { inviteId: number; userId: number };
  /** A member deleted their account: their rows and stored objects are removed (server/modules/safety/account-deletion.ts). */
  'account.delete': { userId: number };
  /** File `fileId` reached `total` views, a milestone (10, 100, 1000…: isViewMilestone). */
  'view.milestone': { fileId: number; total: number };
  // Web Push (docs/decisions/035-installable-app-and-push.md).
  /** A notification row whose member has a device with push on (written with the row). */
  'push.notification': { notificationId: number };
  /** The minute of a grouped push is up: one push for the group's rows since the last. */
  'push.group-due': { userId: number; groupKey: string };
  /** A direct message whose recipient may have devices with push on. */
  'push.message': { messageId: number };
  /** One encrypted push to one device; retried with back-off on 429/5xx, its own job so other devices are not pushed twice. */
  'push.send': { subscriptionId: number; payload: string };
};
export type JobName = keyof JobPayloads;

/** The social writes' events (decision 017): each commits with its row, its handlers notify. */
export const socialEvents = ['like.added', 'like.removed', 'comment.added', 'file.described', 'follow.added', 'file.saved', 'invite.created', 'invite.answered', 'view.milestone'] as const satisfies readonly JobName[];

const minute = 60;

/**
 * Social events: a member waits for the live notification, so retries come soon; completed
 * jobs are kept an hour (one per like, comment, follow: the table must not grow without bound).
 */
const eventPolicy: QueueOptions = { retryLimit: 5, retryDelay: 2, retryBackoff: true, retryDelayMax: 10 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute };

/** Scheduled passes over many rows: each beats while it runs, so a killed one resumes within a minute. */
const passPolicy: QueueOptions = { retryLimit: 3, retryDelay: 5, expireInSeconds: 10 * minute, heartbeatSeconds: 10 };

/**
 * Retries with exponential back-off (pg-boss: about delay × 2^attempt, with jitter, capped);
 * after the last retry a job stays in the `failed` state, where `failedJobs` finds it.
 */
export const jobPolicies: Record<JobName, QueueOptions> = {
  // The worker beats every 5 s while it recognises: a killed worker's job is retried within
  // about half a minute (HEARTBEAT + the supervise pass of boss.ts), not after the 5 min expiry.
  'file.uploaded': { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 10 * minute, expireInSeconds: 5 * minute, heartbeatSeconds: 10 },
  // ffmpeg runs under MEDIA_TIMEOUT_SECONDS per process; a file it cannot convert is marked
  // failed at once, so retries are only for storage or a process that died mid-way. It beats
  // while ffmpeg runs: a killed process's rendition is made again within a minute of a restart,
  // not after the 15 min expiry (docs/decisions/026).
  'file.rendition': { retryLimit: 3, retryDelay: 5, retryBackoff: true, retryDelayMax: 10 * minute, expireInSeconds: 15 * minute, heartbeatSeconds: 10 },
  // Completed mail jobs go after an hour: a mail body is personal data, not a log.
  'mail.send': { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 60 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  'mail.security': { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 60 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  'password-reset.requested': { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 10 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  'tokens.expired': passPolicy,
  'notification.created': { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 30 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  // Passes beat while they run (pg-boss heartbeats): a pass killed midway is failed by the next
  // supervise pass within about half a minute and resumes 5 s later, instead of waiting for its
  // expiry (11 minutes). A resumed pass skips what its first run already did.
  'notification-digest.due': passPolicy,
  // Long, and beating: resumed within a minute of a restart as every long job.
  'member-archive.requested': { retryLimit: 3, retryDelay: 5, retryBackoff: true, retryDelayMax: 30 * minute, expireInSeconds: 30 * minute, heartbeatSeconds: 10 },
  'member-archives.expired': passPolicy,
  'debris-sweep.due': passPolicy,
  'fingerprints.missing': passPolicy,
  'media-metadata.missing': passPolicy,
  'database.vacuum': passPolicy,
  'like.added': eventPolicy,
  'like.removed': eventPolicy,
  'comment.added': eventPolicy,
  'file.described': eventPolicy,
  'follow.added': eventPolicy,
  'file.saved': eventPolicy,
  'invite.created': eventPolicy,
  'invite.answered': eventPolicy,
  'view.milestone': eventPolicy,
  'push.notification': eventPolicy,
  'push.group-due': eventPolicy,
  'push.message': eventPolicy,
  // A push's text is personal: completed jobs go after an hour, like mail. A push service that is
  // busy or down is tried again after 10 s, 20 s, 40 s… for about an hour, then the push is dropped.
  'push.send': { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 30 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  'account.delete': { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 10 * minute, expireInSeconds: 10 * minute },
};

/**
 * Jobs of one queue a process takes at once (default 1): its worker fetches up to this many in
 * one query. Recognition jobs wait on the recognizer's threads, so more run than threads: the
 * next image is read and its result recorded while one is analysed. Social events are many and
 * short, and each waits on several database round trips: handled one at a time, a queue falls
 * behind its writes as soon as the database is busy. The frequent ones are handled a batch at a
 * time (one read and one insert for all of it: server/modules/notifications/notifications.jobs.ts);
 * comments and mail side by side, each on its own.
 */
export const jobConcurrency: Partial<Record<JobName, number>> = {
  'file.uploaded': Math.max(2, Math.min(availableParallelism(), 4)),
  'notification.created': 4,
  'comment.added': 4,
  'like.added': 25,
  'like.removed': 25,
  'follow.added': 25,
  'file.saved': 10,
  'view.milestone': 25,
  'push.notification': 10,
  'push.send': 10,
};

/** Cron schedules (UTC): pg-boss sends one job per occurrence, whichever process runs the pass. */
export const jobSchedules: Partial<Record<JobName, string>> = {
  'tokens.expired': '17 * * * *',
  'notification-digest.due': '7 * * * *',
  'member-archives.expired': '37 * * * *',
  'debris-sweep.due': '*/10 * * * *',
  'fingerprints.missing': '*/10 * * * *',
  'media-metadata.missing': '*/10 * * * *',
};

/** Schedules of the embedded database alone: PostgreSQL servers vacuum themselves. */
export const embeddedDatabaseSchedules: Partial<Record<JobName, string>> = {
  'database.vacuum': '47 * * * *',
};
