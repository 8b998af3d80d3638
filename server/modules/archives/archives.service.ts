import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { endpoints } from '../../../contract/api';
import { ARCHIVE_VALID_DAYS, archiveMessages } from '../../../contract/archives';
import { buildPath } from '../../../contract/endpoint-path';
import { screens } from '../../../contract/screens';
import type { EventWriter } from '../../events/event-writer';
import type { JobQueue } from '../../jobs/queue';
import { uniqueViolation } from '../../lib/db-errors';
import { ConflictError } from '../../lib/errors';
import type { Mail } from '../../mail/mailer';
import type { Storage } from '../../storage/storage';
import type { Notifier } from '../notifications/notifier';
import type { ArchiveContentRepo } from './archive-content.repo';
import { originalPath, writeArchiveZip } from './archive-zip';
import type { ArchiveRow, ArchivesRepo } from './archives.repo';

export type ArchivesServiceDeps = {
  archives: ArchivesRepo;
  content: ArchiveContentRepo;
  /** Inserts the `archive_ready` notification with its jobs and tells the member's open tabs. */
  notifier: Pick<Notifier, 'deliver'>;
  queue: JobQueue;
  /** A request records `archive.requested`, whose job commits with its row (server/events/event-table.ts). */
  events: EventWriter;
  storage: Storage;
  /** Read when a mail is written (tests learn their address after the app is built). */
  config: { publicUrl: string };
  log: FastifyBaseLogger;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired archives removed per pass (the hourly job runs again). */
const EXPIRE_BATCH = 100;

function untilText(d: Date): string {
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function readyMail(to: { email: string; firstName: string | null; username: string }, links: { download: string; settings: string }, until: Date): Mail {
  return {
    to: to.email,
    subject: archiveMessages.mailSubject,
    text: `Hi ${to.firstName || to.username},\n\nThe archive of your Kaleido data you asked for is ready. Sign in and download it here until ${untilText(until)} (UTC); after that it is deleted:\n\n${links.download}\n\nIt is also under Settings → Download my data: ${links.settings}\n\nOnly you can download it. If you did not ask for it, change your password.\n\n— Kaleido`,
  };
}

/**
 * Settings → "Download my data" (docs/decisions/022): a request stores a pending row and its
 * `member-archive.requested` job together; the job writes the zip into storage, then marks the
 * row ready, inserts the member's notification (already counted as mailed: the archive's own
 * mail goes out whatever their notification-mail setting) through the notifier, and enqueues
 * the mail, all in one transaction. An hourly pass deletes expired archives.
 */
export function createArchivesService(d: ArchivesServiceDeps) {
  async function build(archiveId: number): Promise<void> {
    const row = await d.archives.findById(archiveId);
    // Built already (a retry after the commit), or replaced, or its member is gone.
    if (!row || row.status !== 'pending') return;
    const profile = await d.content.profile(row.userId);
    if (!profile) return;
    const [files, folders, collaborations, comments, likes, follows, messages] = await Promise.all([
      d.content.files(row.userId),
      d.content.folders(row.userId),
      d.content.collaborations(row.userId),
      d.content.comments(row.userId),
      d.content.likes(row.userId),
      d.content.follows(row.userId),
      d.content.messages(row.userId),
    ]);
    const { profileImageKey, ...account } = profile;
    const documents = {
      profile: account,
      files: files.map(({ storageKey: _key, ...f }) => ({ ...f, path: originalPath({ ...f, storageKey: '' }) })),
      folders: { own: folders, collaborating: collaborations },
      comments,
      likes,
      follows,
      messages,
    };
    const size = await writeArchiveZip(d.storage, row.storageKey, documents, files, profileImageKey);
    const expiresAt = new Date(Date.now() + ARCHIVE_VALID_DAYS * DAY_MS);
    const message = archiveMessages.notificationText(untilText(expiresAt));
    const base = d.config.publicUrl;
    const links = { download: base + buildPath(endpoints.downloadArchive.path, { id: row.id }), settings: `${base}${screens.settings('data')}` };
    // Marked ready and mailed in the notification's own transaction: both or neither. The row is
    // born mailed, so `notification.created` sends no second mail for it.
    await d.notifier.deliver([{ userId: row.userId, type: 'archive_ready', message, dedupeKey: `archive:${row.id}`, mailedAt: new Date() }], { actor: null }, async (tx, values) => {
      if (!(await d.archives.markReady(tx, row.id, size, expiresAt))) throw new Error(`archive ${row.id} is no longer pending`);
      await d.queue.send('mail.send', readyMail(profile, links, expiresAt), { tx });
      return values;
    });
  }

  return {
    mine: (userId: number) => d.archives.findByUser(userId),
    find: (id: number) => d.archives.findById(id),

    /** A new archive for the member; 409 while one is being prepared. Replaces a finished one. */
    async request(userId: number): Promise<ArchiveRow> {
      const key = `archives/${userId}/${randomUUID()}.zip`;
      const result = await d.events
        .write(async (tx, emit) => {
          const made = await d.archives.request(tx, userId, key);
          if (made) emit({ type: 'archive.requested', archiveId: made.row.id });
          return made;
        })
        .catch((err) => {
          // Two requests at once: the unique (user_id) index let the other one in.
          if (uniqueViolation(err)) return null;
          throw err;
        });
      if (!result) throw new ConflictError(archiveMessages.alreadyPending);
      if (result.replacedKey) await d.storage.delete(result.replacedKey).catch((err) => d.log.warn({ err }, 'could not delete a replaced archive'));
      return result.row;
    },

    /** The job: `lastTry` marks the archive failed when this attempt fails too, so the member may ask again. */
    async build(archiveId: number, lastTry: boolean): Promise<void> {
      try {
        await build(archiveId);
      } catch (err) {
        if (lastTry) await d.archives.markFailed(archiveId);
        throw err;
      }
    },

    /** Deletes expired archives: the row first (the link stops at once), then the object. */
    async expire(): Promise<number> {
      const rows = await d.archives.expired(EXPIRE_BATCH);
      for (const row of rows) {
        const removed = await d.archives.remove(row.id);
        if (removed) await d.storage.delete(removed.storageKey).catch((err) => d.log.warn({ err }, 'could not delete an expired archive'));
      }
      return rows.length;
    },
  };
}
export type ArchivesService = ReturnType<typeof createArchivesService>;
