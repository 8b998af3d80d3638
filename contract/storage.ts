import { z } from 'zod';

export { formatStorageSize, storageMessages } from './storage-size';

/** GET /api/user/storage: originals only; `quotaBytes` null when unlimited. */
export const storageUsage = z.object({ usedBytes: z.number().int().nonnegative(), quotaBytes: z.number().int().positive().nullable() });
export type StorageUsage = z.infer<typeof storageUsage>;

/** Most an admin may give one member, in MB (a petabyte is not a quota). */
export const QUOTA_MB_MAX = 100_000_000;

/** PUT /api/admin/users/:id/storage-quota: the member's own quota in MB, or null for the server's default. */
export const storageQuotaBody = z.object({ quotaMb: z.number().int().min(1).max(QUOTA_MB_MAX).nullable() });

/** What an admin sees of a member's storage on their profile: theirs, and whether it is the default. */
export const memberStorage = storageUsage.extend({ ownQuota: z.boolean() });
export type MemberStorage = z.infer<typeof memberStorage>;
