import { and, desc, eq, sql } from 'drizzle-orm';
import type { WaitlistStatus } from '../../../contract/admin';
import type { Db } from '../../db/client';
import { users, waitlistApplications } from '../../db/schema/index';

export type WaitlistRow = typeof waitlistApplications.$inferSelect;
export type Decision = 'approved' | 'rejected';

export function createWaitlistRepo(db: Db) {
  return {
    async insert(values: typeof waitlistApplications.$inferInsert): Promise<void> {
      await db.insert(waitlistApplications).values(values);
    },

    async findById(id: number): Promise<WaitlistRow | null> {
      const [row] = await db.select().from(waitlistApplications).where(eq(waitlistApplications.id, id)).limit(1);
      return row ?? null;
    },

    /** Pending first (what an admin has to act on), then newest first; one page. */
    async list(page: { offset: number; limit: number; status?: WaitlistStatus }): Promise<WaitlistRow[]> {
      return db
        .select()
        .from(waitlistApplications)
        .where(page.status ? eq(waitlistApplications.status, page.status) : undefined)
        .orderBy(sql`${waitlistApplications.status} = 'pending' DESC`, desc(waitlistApplications.createdAt), desc(waitlistApplications.id))
        .offset(page.offset)
        .limit(page.limit);
    },

    /**
     * Takes the decision if the application is still pending, in the caller's transaction, and
     * sets the account's status with it (approved → active, rejected → rejected). Null when it
     * was decided already: a decision is taken once, even by two admins at the same moment.
     */
    async decide(tx: Db, id: number, decision: Decision, adminId: number): Promise<WaitlistRow | null> {
      const now = new Date();
      const [row] = await tx
        .update(waitlistApplications)
        .set({ status: decision, decidedAt: now, decidedBy: adminId, ...(decision === 'approved' ? { approvedAt: now } : {}) })
        .where(and(eq(waitlistApplications.id, id), eq(waitlistApplications.status, 'pending')))
        .returning();
      if (!row) return null;
      // A pending account has no session and no files: no cache holds it, nothing to invalidate.
      await tx
        .update(users)
        .set({ status: decision === 'approved' ? 'active' : 'rejected', updatedAt: now })
        .where(eq(users.id, row.userId));
      return row;
    },
  };
}
export type WaitlistRepo = ReturnType<typeof createWaitlistRepo>;
