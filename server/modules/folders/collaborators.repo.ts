import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { folderCollaborators, users } from '../../db/schema/index';
import type { UserRow } from '../users/users.repo';

export type CollaboratorRow = typeof folderCollaborators.$inferSelect;
export type LoadedCollaborator = CollaboratorRow & { user: UserRow; inviter: UserRow | null };
type Role = CollaboratorRow['role'];

const inviters = alias(users, 'inviter');

/** Collaborator rows. The OWNER is the folder's creator and never stored here. */
export function createCollaboratorsRepo(db: Db) {
  return {
    async listOfFolder(folderId: number): Promise<LoadedCollaborator[]> {
      const rows = await db
        .select({ c: folderCollaborators, user: users, inviter: inviters })
        .from(folderCollaborators)
        .innerJoin(users, eq(users.id, folderCollaborators.userId))
        .leftJoin(inviters, eq(inviters.id, folderCollaborators.invitedBy))
        .where(eq(folderCollaborators.folderId, folderId))
        .orderBy(asc(folderCollaborators.id));
      return rows.map((r) => ({ ...r.c, user: r.user, inviter: r.inviter }));
    },
    async findOne(folderId: number, userId: number): Promise<CollaboratorRow | null> {
      const [row] = await db
        .select()
        .from(folderCollaborators)
        .where(and(eq(folderCollaborators.folderId, folderId), eq(folderCollaborators.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    /** Adding someone already there sets their role: one row per member, whatever the order of calls. */
    async upsert(folderId: number, userId: number, role: Role, invitedBy: number): Promise<void> {
      await db
        .insert(folderCollaborators)
        .values({ folderId, userId, role, invitedBy })
        .onConflictDoUpdate({ target: [folderCollaborators.folderId, folderCollaborators.userId], set: { role } });
    },
    async setRole(folderId: number, userId: number, role: Role): Promise<boolean> {
      const rows = await db
        .update(folderCollaborators)
        .set({ role })
        .where(and(eq(folderCollaborators.folderId, folderId), eq(folderCollaborators.userId, userId)))
        .returning({ id: folderCollaborators.id });
      return rows.length > 0;
    },
    async remove(folderId: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(folderCollaborators)
        .where(and(eq(folderCollaborators.folderId, folderId), eq(folderCollaborators.userId, userId)))
        .returning({ id: folderCollaborators.id });
      return rows.length > 0;
    },
    async countAll(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(folderCollaborators);
      return row.n;
    },
  };
}
export type CollaboratorsRepo = ReturnType<typeof createCollaboratorsRepo>;
