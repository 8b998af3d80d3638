import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes, twoFactor } from '../../db/schema/index';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

export function createTwoFactorRepo(db: Db) {
  return {
    async find(userId: number): Promise<TwoFactorRow | null> {
      const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
      return row ?? null;
    },
    async isEnabled(userId: number): Promise<boolean> {
      const [row] = await db.select({ userId: twoFactor.userId }).from(twoFactor).where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt))).limit(1);
      return !!row;
    },
    /** A new pending secret; refused (false) while two-factor is on. */
    async savePending(userId: number, sealedSecret: string): Promise<boolean> {
      const rows = await db
        .insert(twoFactor)
        .values({ userId, secret: sealedSecret })
        .onConflictDoUpdate({ target: twoFactor.userId, set: { secret: sealedSecret, lastStep: null, createdAt: new Date() }, setWhere: isNull(twoFactor.enabledAt) })
        .returning({ userId: twoFactor.userId });
      return rows.length > 0;
    },
    /**
     * Records `step` as used when it is later than the last one used: of two requests with one
     * code, one wins; a code already used answers false (replay).
     */
    async claimStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactor)
        .set({ lastStep: step })
        .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
        .returning({ userId: twoFactor.userId });
      return rows.length > 0;
    },
    /** Turns the pending secret on and stores the recovery codes' hashes, in one transaction. */
    async enable(userId: number, codeHashes: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.update(twoFactor).set({ enabledAt: new Date() }).where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt))).returning({ userId: twoFactor.userId });
        if (!rows.length) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      });
    },
    async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },
    /** Marks an unused recovery code used; false when it is unknown or was used before. */
    async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },
    async recoveryCodesLeft(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },
    async remove(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
      });
    },
  };
}
export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
