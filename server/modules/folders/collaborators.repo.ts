import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { folderCollaborators, users } from '../../db/schema/index';
import type { UserRow } from '../users/users.repo';

export type CollaboratorRow = typeof folderCollaborators.$inferSelect;
export type LoadedCollaborator = CollaboratorRow & { user: UserRow; inviter: UserRow | null };
type Role = CollaboratorRow['role'];

const inviters = alias(users, 'inviter');

/** Collaborator rows. The OWNER is the folder's creator and never stored here. The writes run in their caller's transaction (folder-writes.ts). */
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
    async upsert(tx: Tx, folderId: number, userId: number, role: Role, invitedBy: number): Promise<void> {
      await tx
        .insert(folderCollaborators)
        .values({ folderId, userId, role, invitedBy })
        .onConflictDoUpdate({ target: [folderCollaborators.folderId, folderCollaborators.userId], set: { role } });
    },
    async setRole(tx: Tx, folderId: number, userId: number, role: Role): Promise<boolean> {
      const rows = await tx
        .update(folderCollaborators)
        .set({ role })
        .where(and(eq(folderCollaborators.folderId, folderId), eq(folderCollaborators.userId, userId)))
        .returning({ id: folderCollaborators.id });
      return rows.length > 0;
    },
    async remove(tx: Tx, folderId: number, userId: number): Promise<boolean> {
      const rows = await tx
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
