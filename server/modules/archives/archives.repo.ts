import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { memberArchives } from '../../db/schema/index';

export type ArchiveRow = typeof memberArchives.$inferSelect;

/** A pending archive whose job has not finished in this long died with its process: a new request may replace it. */
const STALE_PENDING = sql`now() - interval '1 day'`;

export function createArchivesRepo(db: Db) {
  return {
    async findByUser(userId: number): Promise<ArchiveRow | null> {
      const [row] = await db.select().from(memberArchives).where(eq(memberArchives.userId, userId));
      return row ?? null;
    },

    async findById(id: number): Promise<ArchiveRow | null> {
      const [row] = await db.select().from(memberArchives).where(eq(memberArchives.id, id));
      return row ?? null;
    },

    /**
     * A new pending archive for the member, in the caller's transaction (which records
     * `archive.requested`, whose job commits with it). A finished one (ready or failed) is
     * replaced: its key is answered so the caller deletes its object once this commits. Null
     * while one is being built: one archive at a time. Two requests at once: the unique
     * (user_id) index lets one in, the other's transaction fails on it.
     */
    async request(tx: Tx, userId: number, storageKey: string): Promise<{ row: ArchiveRow; replacedKey: string | null } | null> {
      const [old] = await tx
        .select({ id: memberArchives.id, storageKey: memberArchives.storageKey, building: sql<boolean>`${memberArchives.status} = 'pending' AND ${memberArchives.requestedAt} > ${STALE_PENDING}` })
        .from(memberArchives)
        .where(eq(memberArchives.userId, userId))
        .for('update');
      if (old?.building) return null;
      if (old) await tx.delete(memberArchives).where(eq(memberArchives.id, old.id));
      const [row] = await tx.insert(memberArchives).values({ userId, storageKey }).returning();
      return { row, replacedKey: old?.storageKey ?? null };
    },

    /** Pending → ready; false when the row is gone or not pending (the caller rolls back). */
    async markReady(tx: Db, id: number, size: number, expiresAt: Date): Promise<boolean> {
      const rows = await tx
        .update(memberArchives)
        .set({ status: 'ready', size, readyAt: sql`now()`, expiresAt })
        .where(and(eq(memberArchives.id, id), eq(memberArchives.status, 'pending')))
        .returning({ id: memberArchives.id });
      return rows.length === 1;
    },

    async markFailed(id: number): Promise<void> {
      await db.update(memberArchives).set({ status: 'failed' }).where(and(eq(memberArchives.id, id), eq(memberArchives.status, 'pending')));
    },

    /** Ready archives past their expiry, and failed or dead pending ones older than their week. */
    async expired(limit: number): Promise<ArchiveRow[]> {
      return db
        .select()
        .from(memberArchives)
        .where(or(lt(memberArchives.expiresAt, sql`now()`), and(ne(memberArchives.status, 'ready'), lt(memberArchives.requestedAt, sql`now() - interval '7 days'`))))
        .limit(limit);
    },

    async remove(id: number): Promise<ArchiveRow | null> {
      const [row] = await db.delete(memberArchives).where(eq(memberArchives.id, id)).returning();
      return row ?? null;
    },
  };
}
export type ArchivesRepo = ReturnType<typeof createArchivesRepo>;
