import type { FastifyBaseLogger } from 'fastify';
import { TransactionRollbackError } from 'drizzle-orm';
import { mergePreferences } from '../../../contract/settings';
import { endpoints } from '../../../contract/api';
import { screens } from '../../../contract/screens';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { DIGEST_LISTED, digestMail, notificationMail, type NotificationLinks } from '../../mail/templates';
import type { NotificationMailRepo } from './notification-mail.repo';
import { createUnsubscribeToken } from './unsubscribe-token';

type Deps = {
  db: Db;
  repo: NotificationMailRepo;
  queue: JobQueue;
  /** Read at send time: tests learn their address after the app is built. */
  config: { publicUrl: string };
  secret: Buffer;
  log: FastifyBaseLogger;
  /** Members per step of a digest pass (DIGEST_BATCH; tests use a small one to cross steps). */
  batchSize?: number;
};

/** Members per step of a digest pass: a pass never holds more than this many in memory. */
export const DIGEST_BATCH = 100;

/** The UTC day a digest counts against, 'YYYY-MM-DD'. */
export function digestDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Notification mail by the member's `notificationEmails` preference: `all` mails
 * each notification once, `periodic` gets at most one digest a day of what is still unread,
 * `never` nothing. Each mail is claimed in the database and its `mail.send` job enqueued in the
 * same transaction: a claim that commits always has its mail, and a retry finds the claim taken.
 */
export function createNotificationMailService(d: Deps) {
  function links(userId: number): NotificationLinks {
    const base = d.config.publicUrl;
    const token = createUnsubscribeToken(d.secret, userId);
    return {
      open: `${base}${screens.notifications()}`,
      settings: `${base}${screens.settings()}`,
      unsubscribePage: `${base}${screens.unsubscribe(token)}`,
      unsubscribeOneClick: `${base}${endpoints.unsubscribeEmails.path}?token=${encodeURIComponent(token)}`,
    };
  }

  async function sendDigest(user: { id: number; email: string; firstName: string | null; username: string }, day: string): Promise<boolean> {
    try {
      return await d.db.transaction(async (tx) => {
        if (!(await d.repo.claimDigest(tx, user.id, day))) return false;
        const newest = await d.repo.newestUnmailed(tx, user.id, DIGEST_LISTED);
        const total = await d.repo.markDigested(tx, user.id, day);
        // Read in the meantime: no digest, and the day stays free for a later pass.
        if (total === 0) tx.rollback();
        await d.queue.send('mail.send', digestMail(user, newest, total, links(user.id)), { tx });
        return true;
      });
    } catch (err) {
      if (err instanceof TransactionRollbackError) return false;
      throw err;
    }
  }

  return {
    links,

    /** `notification.created`: one mail when the recipient chose `all`; true when this call enqueued it. */
    async mailNotification(notificationId: number): Promise<boolean> {
      const row = await d.repo.findWithRecipient(notificationId);
      if (!row || row.mailedAt || row.user.status !== 'active') return false;
      if (mergePreferences(row.user.preferences).notificationEmails !== 'all') return false;
      return d.db.transaction(async (tx) => {
        if (!(await d.repo.claimOne(tx, row.id))) return false;
        await d.queue.send('mail.send', notificationMail(row.user, row.message, links(row.user.id)), { tx });
        return true;
      });
    },

    /** `notification-digest.due`: walks the due members in batches; answers how many digests this pass sent. */
    async runDigestPass(now = new Date()): Promise<number> {
      const day = digestDay(now);
      const size = d.batchSize ?? DIGEST_BATCH;
      let after = 0;
      let sent = 0;
      for (;;) {
        const batch = await d.repo.digestRecipients(after, day, size);
        for (const user of batch) if (await sendDigest(user, day)) sent++;
        if (batch.length < size) break;
        after = batch[batch.length - 1].id;
      }
      if (sent) d.log.info({ digests: sent, day }, 'notification digests sent');
      return sent;
    },
  };
}
export type NotificationMailService = ReturnType<typeof createNotificationMailService>;

