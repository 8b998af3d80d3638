import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authFlows } from '../../db/schema/index';
import { hashToken, newToken } from '../../lib/tokens';

export type FlowPurpose = (typeof authFlows.$inferSelect)['purpose'];
export type FlowRow = typeof authFlows.$inferSelect;
type NewFlow = { purpose: FlowPurpose; ttlMs: number; userId?: number | null; sessionId?: number | null; data?: Record<string, unknown> };

/**
 * Sign-in steps under way (docs/decisions/034): each bound to one browser by a cookie holding a
 * random token (stored hashed), or to the session that started it; used once, then gone.
 */
export function createAuthFlowsRepo(db: Db) {
  const live = (token: string, purpose: FlowPurpose) =>
    and(eq(authFlows.tokenHash, hashToken(token)), eq(authFlows.purpose, purpose), gt(authFlows.expiresAt, new Date()));
  return {
    /** Answers the token the browser keeps (in a cookie); only its hash is stored. */
    async create(flow: NewFlow): Promise<string> {
      const token = newToken();
      await db.insert(authFlows).values({
        tokenHash: hashToken(token),
        purpose: flow.purpose,
        userId: flow.userId ?? null,
        sessionId: flow.sessionId ?? null,
        data: flow.data ?? {},
        expiresAt: new Date(Date.now() + flow.ttlMs),
      });
      return token;
    },
    async find(token: string | undefined, purpose: FlowPurpose): Promise<FlowRow | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db.select().from(authFlows).where(live(token, purpose)).limit(1);
      return row ?? null;
    },
    /** Deletes and answers the flow in one statement: of two requests with one token, one gets it. */
    async consume(token: string | undefined, purpose: FlowPurpose): Promise<FlowRow | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db.delete(authFlows).where(live(token, purpose)).returning();
      return row ?? null;
    },
    /** The newest flow of `purpose` that session `sessionId` started, consumed. */
    async consumeForSession(sessionId: number, purpose: FlowPurpose): Promise<FlowRow | null> {
      const [newest] = await db
        .select({ id: authFlows.id })
        .from(authFlows)
        .where(and(eq(authFlows.sessionId, sessionId), eq(authFlows.purpose, purpose), gt(authFlows.expiresAt, new Date())))
        .orderBy(desc(authFlows.id))
        .limit(1);
      if (!newest) return null;
      const [row] = await db.delete(authFlows).where(eq(authFlows.id, newest.id)).returning();
      return row ?? null;
    },
    /** Counts a wrong answer; answers the attempts made so far. */
    async countAttempt(id: number): Promise<number> {
      const [row] = await db.update(authFlows).set({ attempts: sql`${authFlows.attempts} + 1` }).where(eq(authFlows.id, id)).returning({ attempts: authFlows.attempts });
      return row?.attempts ?? Number.MAX_SAFE_INTEGER;
    },
    async delete(id: number): Promise<void> {
      await db.delete(authFlows).where(eq(authFlows.id, id));
    },
    async deleteExpired(): Promise<number> {
      const rows = await db.delete(authFlows).where(lt(authFlows.expiresAt, new Date())).returning({ id: authFlows.id });
      return rows.length;
    },
  };
}
export type AuthFlowsRepo = ReturnType<typeof createAuthFlowsRepo>;
