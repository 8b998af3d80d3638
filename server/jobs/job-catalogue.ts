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
  'password-reset.requested': { email: string };
  'tokens.expired': Record<string, never>;
  /** A notification row was inserted (its mail in `all` mode is sent from here). */
  'notification.created': { notificationId: number };
  /** A file's view count passed a milestone (10, 100, 1000…) in a flush of the view counter. */
  'view.milestone': { fileId: number; total: number };
  /** Hourly pass that sends each `periodic` member at most one digest a day. */
  'notification-digest.due': Record<string, never>;
  /** A member asked for their data archive (server/modules/archives). */
  'member-archive.requested': { archiveId: number };
  /** Hourly pass that deletes archives past their week. */
  'member-archives.expired': Record<string, never>;
};
export type JobName = keyof JobPayloads;

const minute = 60;

/**
 * Retries with exponential back-off (pg-boss: about delay × 2^attempt, with jitter, capped);
 * after the last retry a job stays in the `failed` state, where `failedJobs` finds it.
 */
export const jobPolicies: Record<JobName, QueueOptions> = {
  // The worker beats every 5 s while it recognises: a killed worker's job is retried within
  // about half a minute (HEARTBEAT + the supervise pass of boss.ts), not after the 5 min expiry.
  'file.uploaded': { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 10 * minute, expireInSeconds: 5 * minute, heartbeatSeconds: 10 },
  // ffmpeg runs under MEDIA_TIMEOUT_SECONDS per process; a file it cannot convert is marked
  // failed at once, so retries are only for storage or a process that died mid-way.
  'file.rendition': { retryLimit: 3, retryDelay: 30, retryBackoff: true, retryDelayMax: 10 * minute, expireInSeconds: 15 * minute },
  // Completed mail jobs go after an hour: a mail body is personal data, not a log.
  'mail.send': { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 60 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  'password-reset.requested': { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 10 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  'tokens.expired': { retryLimit: 2, retryDelay: 60, expireInSeconds: 5 * minute },
  'notification.created': { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 30 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  'view.milestone': { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 30 * minute, expireInSeconds: minute, deleteAfterSeconds: 60 * minute },
  'notification-digest.due': { retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * minute },
  'member-archive.requested': { retryLimit: 3, retryDelay: 30, retryBackoff: true, retryDelayMax: 30 * minute, expireInSeconds: 30 * minute },
  'member-archives.expired': { retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * minute },
};

/** Cron schedules (UTC): pg-boss sends one job per occurrence, whichever process runs the pass. */
export const jobSchedules: Partial<Record<JobName, string>> = {
  'tokens.expired': '17 * * * *',
  'notification-digest.due': '7 * * * *',
  'member-archives.expired': '37 * * * *',
};
