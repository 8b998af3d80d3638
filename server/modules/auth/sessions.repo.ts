import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';
import type { UserRow } from '../users/users.repo';

/** Where a session was started from: the devices list of Settings shows it. */
export type SessionOrigin = { userAgent: string | null; ip: string | null };
export type SessionRow = typeof sessions.$inferSelect;

/** A session is found by its token's hash on `once`: one plan suits any token (docs/decisions/011-search.md, "Planned once"). */
export function createSessionsRepo(db: Db, once: Db = db) {
  return {
    async create(userId: number, token: string, expiresAt: Date, origin: SessionOrigin = { userAgent: null, ip: null }): Promise<number> {
      const [row] = await db
        .insert(sessions)
        .values({ userId, tokenHash: hashToken(token), expiresAt, userAgent: origin.userAgent?.slice(0, 500) ?? null, ip: origin.ip })
        .returning({ id: sessions.id });
      return row.id;
    },
    async findUser(token: string): Promise<{ sessionId: number; user: UserRow; expiresAt: Date; lastSeenAt: Date } | null> {
      const [row] = await once
        .select({ sessionId: sessions.id, user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row ?? null;
    },
    async delete(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },
    /** Ends every session of a member, except the one making the request when given. */
    async deleteAllForUser(userId: number, exceptSessionId?: number): Promise<void> {
      const cond = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
      await db.delete(sessions).where(cond);
    },
    async deleteExpired(): Promise<number> {
      const rows = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
      return rows.length;
    },
    /** The member's live sessions, most recently used first. */
    async listForUser(userId: number): Promise<SessionRow[]> {
      return db.select().from(sessions).where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()))).orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    },
    /** Ends session `id` when it is the member's; answers its token hash, so caches and streams can drop it. */
    async deleteOwned(userId: number, id: number): Promise<string | null> {
      const [row] = await db.delete(sessions).where(and(eq(sessions.id, id), eq(sessions.userId, userId))).returning({ tokenHash: sessions.tokenHash });
      return row?.tokenHash ?? null;
    },
    async touch(id: number): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
    },
    /** When the session last proved the member (docs/decisions/034), or null when it is gone. */
    async verifiedAt(id: number): Promise<Date | null> {
      const [row] = await db.select({ at: sessions.verifiedAt }).from(sessions).where(eq(sessions.id, id)).limit(1);
      return row?.at ?? null;
    },
    async markVerified(id: number): Promise<void> {
      await db.update(sessions).set({ verifiedAt: new Date() }).where(eq(sessions.id, id));
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;

export function createResetTokensRepo(db: Db) {
  return {
    async create(userId: number, token: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResetTokens).values({ userId, tokenHash: hashToken(token), expiresAt });
    },
    async deleteExpired(): Promise<number> {
      const rows = await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date())).returning({ id: passwordResetTokens.id });
      return rows.length;
    },
    async findValid(token: string) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    /**
     * Marks a valid token used in one statement and answers its member: of two requests racing
     * with one token, only one gets the member back.
     */
    async consume(token: string): Promise<{ userId: number } | null> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return row ?? null;
    },
    /** Voids every other open token of the member. */
    async consumeAllForUser(userId: number): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },
  };
}
export type ResetTokensRepo = ReturnType<typeof createResetTokensRepo>;
