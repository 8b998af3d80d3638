import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fileLikes, files, users } from '../../db/schema/index';
import type { UserRow } from '../users/users.repo';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;
export type Hydrated = { file: FileRow; owner: UserRow; isLiked: boolean };

/**
 * Files SQL: lists are built as ids first (skeleton), then one batch load (hydrate). The writes
 * run in their caller's transaction, which records their event (file-writes.ts, upload.service.ts).
 * One file under a condition is read on `once` (planned once for any values).
 */
export function createFilesRepo(db: Db, once: Db = db) {
  return {
    async insert(tx: Tx, values: NewFile): Promise<FileRow> {
      const [row] = await tx.insert(files).values(values).returning();
      return row;
    },
    async findById(id: number): Promise<FileRow | null> {
      const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
      return row ?? null;
    },
    /**
     * One file under a condition; the visibility module passes its rule here (server/access/visibility.ts).
     * A key picks the file whatever the values, so one plan suits all (docs/decisions/011-search.md, "Planned once").
     */
    async findOneWhere(where: SQL): Promise<FileRow | null> {
      const [row] = await once.select().from(files).where(where).limit(1);
      return row ?? null;
    },
    /** The member's earlier upload sent with this idempotency key. */
    async findByIdempotencyKey(userId: number, key: string): Promise<FileRow | null> {
      const [row] = await db.select().from(files).where(and(eq(files.userId, userId), eq(files.idempotencyKey, key))).limit(1);
      return row ?? null;
    },
    async update(tx: Tx, id: number, values: Partial<NewFile>): Promise<FileRow> {
      const [row] = await tx.update(files).set({ ...values, updatedAt: new Date() }).where(eq(files.id, id)).returning();
      return row;
    },
    async delete(tx: Tx, id: number): Promise<void> {
      await tx.delete(files).where(eq(files.id, id));
    },

    /** One query whatever the page size: the files, their owners and the viewer's likes. */
    async hydrate(ids: number[], viewerId: number | null): Promise<Hydrated[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ file: files, owner: users, likedBy: fileLikes.userId })
        .from(files)
        .innerJoin(users, eq(users.id, files.userId))
        .leftJoin(fileLikes, and(eq(fileLikes.fileId, files.id), eq(fileLikes.userId, viewerId ?? 0)))
        .where(inArray(files.id, ids));
      const byId = new Map(rows.map((r) => [r.file.id, r]));
      return ids.flatMap((id) => {
        const r = byId.get(id);
        return r ? [{ file: r.file, owner: r.owner, isLiked: r.likedBy !== null }] : [];
      });
    },

    async countWhere(where: SQL): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(files).where(where);
      return row.n;
    },
  };
}
export type FilesRepo = ReturnType<typeof createFilesRepo>;
