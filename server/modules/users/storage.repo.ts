import { eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { files, users } from '../../db/schema/index';

/** Bytes of originals per member: the sum of `files.size` over their rows (derived files do not count). */
export function createStorageRepo(db: Db) {
  async function usedBytes(userId: number, q: Executor = db): Promise<number> {
    const [row] = await q.select({ used: sql<string>`coalesce(sum(${files.size}), 0)::bigint` }).from(files).where(eq(files.userId, userId));
    return Number(row?.used ?? 0);
  }
  return {
    usedBytes,
    /**
     * In an upload's transaction, after its row: the member's row locked (`FOR NO KEY UPDATE`,
     * which the file row's foreign-key lock does not block), then their bytes with the new row.
     * A second upload of the same member waits here for the first to commit, then counts it:
     * two uploads cannot pass the quota together.
     */
    async lockedUsedBytes(tx: Tx, userId: number): Promise<number> {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
      return usedBytes(userId, tx);
    },
    async ownQuota(userId: number): Promise<number | null> {
      const [row] = await db.select({ quota: users.storageQuotaBytes }).from(users).where(eq(users.id, userId));
      return row?.quota ?? null;
    },
  };
}
export type StorageRepo = ReturnType<typeof createStorageRepo>;
