import type { FastifyBaseLogger } from 'fastify';
import { authMessages } from '../../../contract/auth';
import { mergePreferences, type Preferences, type PreferencesPatch } from '../../../contract/settings';
import { ConflictError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/passwords';
import type { JobQueue } from '../../jobs/queue';
import type { Mail } from '../../mail/mailer';
import { emailChangedMail, passwordChangedMail } from '../../mail/templates';
import type { Storage } from '../../storage/storage';
import type { SessionsRepo } from '../auth/sessions.repo';
import { newAvatarKey, renderAvatar } from './avatar';
import type { UserRow } from './users.repo';
import type { Users } from './user-writes';

type Deps = { users: Users; sessions: SessionsRepo; storage: Storage; queue: JobQueue; log: FastifyBaseLogger };

export type ProfileUpdate = { firstName: string | null; lastName: string | null; username: string; bio: string | null };

/** Account settings: each change checks what sign-up checks, then writes through the repositories. */
export function createSettingsService(d: Deps) {
  // Enqueued before the answer, so a crash cannot lose the notice; the job retries a failing mail
  // server. Security notices have a queue of their own that social mail cannot delay (decision 021).
  // An enqueue failure is logged and does not undo the change it reports.
  async function notify(mail: Mail): Promise<void> {
    await d.queue.send('mail.security', mail).catch((err) => d.log.error({ err, subject: mail.subject }, 'settings notice not queued'));
  }

  /** Two members racing for one name or address: the unique index decides, with the same 409. */
  async function writeUnique(id: number, values: Partial<UserRow>): Promise<UserRow> {
    try {
      return await d.users.update(id, values);
    } catch (err) {
      const index = uniqueViolation(err);
      if (index === null) throw err;
      throw new ConflictError(index.includes('email') ? authMessages.emailTaken : authMessages.usernameTaken);
    }
  }

  async function removeStored(key: string | null): Promise<void> {
    if (!key) return;
    // The row no longer points at the old bytes; a failed delete leaves an orphan, not a broken avatar.
    await d.storage.delete(key).catch((err) => d.log.warn({ err, key }, 'old avatar not deleted'));
  }

  return {
    async updateProfile(user: UserRow, body: ProfileUpdate): Promise<UserRow> {
      if (body.username !== user.username) {
        const owner = await d.users.findByUsername(body.username);
        if (owner && owner.id !== user.id) throw new ConflictError(authMessages.usernameTaken);
      }
      return writeUnique(user.id, body);
    },

    async updateEmail(user: UserRow, email: string): Promise<UserRow> {
      const next = email.toLowerCase();
      if (next === user.email.toLowerCase()) return user.email === next ? user : writeUnique(user.id, { email: next });
      const owner = await d.users.findByEmail(next);
      if (owner && owner.id !== user.id) throw new ConflictError(authMessages.emailTaken);
      const updated = await writeUnique(user.id, { email: next });
      await notify(emailChangedMail(user, next));
      return updated;
    },

    /** No current password; every other session of the account ends. */
    async updatePassword(user: UserRow, newPassword: string, currentSessionId: number | null): Promise<UserRow> {
      const updated = await d.users.update(user.id, { passwordHash: await hashPassword(newPassword) });
      await d.sessions.deleteAllForUser(user.id, currentSessionId ?? undefined);
      await notify(passwordChangedMail(updated));
      return updated;
    },

    async replaceAvatar(user: UserRow, upload: Buffer): Promise<UserRow> {
      const webp = await renderAvatar(upload);
      const key = newAvatarKey();
      await d.storage.put(key, webp, { contentType: 'image/webp' });
      let updated: UserRow;
      try {
        updated = await d.users.update(user.id, { profileImageKey: key });
      } catch (err) {
        await removeStored(key);
        throw err;
      }
      await removeStored(user.profileImageKey);
      return updated;
    },

    async removeAvatar(user: UserRow): Promise<UserRow> {
      if (!user.profileImageKey) return user;
      const updated = await d.users.update(user.id, { profileImageKey: null });
      await removeStored(user.profileImageKey);
      return updated;
    },

    preferencesOf(user: UserRow): Preferences {
      return mergePreferences(user.preferences);
    },

    async updatePreferences(user: UserRow, patch: PreferencesPatch): Promise<Preferences> {
      const updated = await d.users.mergePreferences(user.id, patch);
      return mergePreferences(updated.preferences);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
