import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema/index';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;

export function createPasskeysRepo(db: Db) {
  return {
    async listForUser(userId: number): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
    },
    async countForUser(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return Number(row?.n ?? 0);
    },
    async findByCredentialId(credentialId: string): Promise<PasskeyRow | null> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row ?? null;
    },
    /** Null when the credential is registered already (to anyone). */
    async insert(values: NewPasskey): Promise<PasskeyRow | null> {
      const [row] = await db.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning();
      return row ?? null;
    },
    /**
     * Records a use: the new counter must be above the stored one, unless the authenticator keeps
     * none (both 0, as synced passkeys do). False when it is not: a cloned authenticator, or the
     * same assertion twice.
     */
    async recordUse(id: number, counter: number, backedUp: boolean): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter, backedUp, lastUsedAt: new Date() })
        .where(and(eq(passkeys.id, id), counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },
    async deleteOwned(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
      return rows.length > 0;
    },
  };
}
export type PasskeysRepo = ReturnType<typeof createPasskeysRepo>;
