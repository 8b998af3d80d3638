import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcIdentities } from '../../db/schema/index';

export type OidcIdentityRow = typeof oidcIdentities.$inferSelect;

export function createOidcIdentitiesRepo(db: Db) {
  return {
    async find(issuer: string, subject: string): Promise<OidcIdentityRow | null> {
      const [row] = await db.select().from(oidcIdentities).where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject))).limit(1);
      return row ?? null;
    },
    async isLinked(userId: number, issuer: string): Promise<boolean> {
      const [row] = await db.select({ id: oidcIdentities.id }).from(oidcIdentities).where(and(eq(oidcIdentities.userId, userId), eq(oidcIdentities.issuer, issuer))).limit(1);
      return !!row;
    },
    /** False when that provider account is linked already (to this member or another). */
    async link(userId: number, issuer: string, subject: string, email: string | null): Promise<boolean> {
      const rows = await db.insert(oidcIdentities).values({ userId, issuer, subject, email }).onConflictDoNothing().returning({ id: oidcIdentities.id });
      return rows.length > 0;
    },
    async unlink(userId: number, issuer: string): Promise<boolean> {
      const rows = await db.delete(oidcIdentities).where(and(eq(oidcIdentities.userId, userId), eq(oidcIdentities.issuer, issuer))).returning({ id: oidcIdentities.id });
      return rows.length > 0;
    },
  };
}
export type OidcIdentitiesRepo = ReturnType<typeof createOidcIdentitiesRepo>;
