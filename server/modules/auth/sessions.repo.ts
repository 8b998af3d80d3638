import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';
import type { UserRow } from '../users/users.repo';

export function createSessionsRepo(db: Db) {
  return {
    async create(userId: number, token: string, expiresAt: Date): Promise<number> {
      const [row] = await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt }).returning({ id: sessions.id });
      return row.id;
    },
    async findUser(token: string): Promise<{ sessionId: number; user: UserRow; expiresAt: Date } | null> {
      const [row] = await db
        .select({ sessionId: sessions.id, user: users, expiresAt: sessions.expiresAt })
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
