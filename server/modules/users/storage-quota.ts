import type { FastifyBaseLogger } from 'fastify';
import { mergePreferences } from '../../../contract/settings';
import { storageMessages, type MemberStorage, type StorageUsage } from '../../../contract/storage';
import type { Tx } from '../../db/client';
import { NotFoundError, PayloadTooLargeError } from '../../lib/errors';
import { QUOTA_REFUSAL } from '../../operations/metrics-routes';
import type { Notifier } from '../notifications/notifier';
import type { StorageRepo } from './storage.repo';
import type { Users } from './user-writes';

/** 413 for the member's quota; the metrics count it as `quota`, not `too_large`. */
export class QuotaExceededError extends PayloadTooLargeError {
  readonly [QUOTA_REFUSAL] = true;
  constructor(readonly quotaBytes: number) {
    super(storageMessages.full(quotaBytes));
  }
}

type Member = { id: number; username: string; firstName: string | null; lastName: string | null; profileImageKey: string | null };

type Deps = {
  repo: StorageRepo;
  users: Pick<Users, 'findById' | 'update'>;
  notifier: Pick<Notifier, 'deliver'>;
  /** STORAGE_QUOTA_MB in bytes; null: unlimited unless an admin set a member's own. */
  defaultQuotaBytes: number | null;
  log: FastifyBaseLogger;
};

const WARN_AT = 0.9;

/**
 * Storage quotas (docs/decisions/037-health-metrics-quotas.md): originals count, derived files
 * do not. An upload is checked three times: while its file part streams (cut at the room left
 * before any media work), by its size before media work, and in its insert's transaction under
 * the member's row lock (uploads racing each other).
 */
export function createStorageQuota(d: Deps) {
  const quotaOf = (member: { storageQuotaBytes: number | null }) => member.storageQuotaBytes ?? d.defaultQuotaBytes;

  return {
    quotaOf,
    async usage(member: { id: number; storageQuotaBytes: number | null }): Promise<StorageUsage> {
      return { usedBytes: await d.repo.usedBytes(member.id), quotaBytes: quotaOf(member) };
    },

    /** The bytes this member may still upload (none left: 0 or less; null: no limit). Read before the body. */
    async room(member: { id: number; storageQuotaBytes: number | null }): Promise<number | null> {
      const quota = quotaOf(member);
      return quota === null ? null : quota - (await d.repo.usedBytes(member.id));
    },

    /** In the upload's transaction, after its row: 413 (rolling it back) when the member's originals now pass the quota. */
    async settle(tx: Tx, member: { id: number; storageQuotaBytes: number | null }): Promise<void> {
      const quota = quotaOf(member);
      if (quota === null) return;
      if ((await d.repo.lockedUsedBytes(tx, member.id)) > quota) throw new QuotaExceededError(quota);
    },

    /** After a stored upload: at 90 % the member is told, once per quota (the dedupe key names it). */
    async afterUpload(member: { id: number; storageQuotaBytes: number | null }): Promise<void> {
      const quota = quotaOf(member);
      if (quota === null) return;
      const used = await d.repo.usedBytes(member.id);
      if (used < quota * WARN_AT) return;
      await d.notifier.deliver([{ userId: member.id, type: 'storage_almost_full', message: storageMessages.almostFull(used, quota), dedupeKey: `storage-90:${quota}` }], { actor: null });
    },

    /**
     * A collaborator's upload to a folder was refused for their quota: the folder's owner is told
     * when their "alerts when group members hit block limits" preference is on (once a day per
     * collaborator and folder).
     */
    async refusedInFolder(uploader: Member, folder: { id: number; name: string; owner: { id: number; preferences: unknown } }): Promise<void> {
      if (folder.owner.id === uploader.id || !mergePreferences(folder.owner.preferences).groupBlockLimitAlerts) return;
      const name = [uploader.firstName, uploader.lastName].filter(Boolean).join(' ') || uploader.username;
      const day = new Date().toISOString().slice(0, 10);
      await d.notifier.deliver(
        [{ userId: folder.owner.id, type: 'member_storage_full', fromUserId: uploader.id, folderId: folder.id, message: storageMessages.memberFull(name, folder.name), dedupeKey: `storage-full:${folder.id}:${uploader.id}:${day}` }],
        { actor: uploader },
      );
    },

    /** What an admin sees on a member's profile. */
    async ofMember(userId: number): Promise<MemberStorage> {
      const member = await d.users.findById(userId);
      if (!member) throw new NotFoundError('Member not found');
      return { usedBytes: await d.repo.usedBytes(userId), quotaBytes: quotaOf(member), ownQuota: member.storageQuotaBytes !== null };
    },

    /** An admin sets a member's own quota in MB, or null for the server's default. */
    async setQuota(userId: number, quotaMb: number | null): Promise<MemberStorage> {
      const member = await d.users.findById(userId);
      if (!member) throw new NotFoundError('Member not found');
      // Through the users repository: the member's cached sessions (request.user) drop their copy.
      await d.users.update(userId, { storageQuotaBytes: quotaMb === null ? null : quotaMb * 1024 * 1024 });
      return this.ofMember(userId);
    },
  };
}
export type StorageQuota = ReturnType<typeof createStorageQuota>;
