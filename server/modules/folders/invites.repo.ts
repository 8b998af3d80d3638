import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { folderCollaborators, folderInvites, folders, notifications, users } from '../../db/schema/index';
import type { UserRow } from '../users/users.repo';

export type InviteRow = typeof folderInvites.$inferSelect;
export type LoadedInvite = InviteRow & {
  folder: { id: number; name: string; description: string | null; userId: number };
  inviter: UserRow;
  invitedUser: UserRow | null;
};

const invited = alias(users, 'invited_user');

/**
 * Invite rows; the link's token is stored only as its sha256 (server/lib/tokens.ts). The writes
 * run in their caller's transaction, which records their event (folder-writes.ts).
 */
export function createInvitesRepo(db: Db) {
  function loaded() {
    return db
      .select({ invite: folderInvites, folder: { id: folders.id, name: folders.name, description: folders.description, userId: folders.userId }, inviter: users, invitedUser: invited })
      .from(folderInvites)
      .innerJoin(folders, eq(folders.id, folderInvites.folderId))
      .innerJoin(users, eq(users.id, folderInvites.createdBy))
      .leftJoin(invited, eq(invited.id, folderInvites.invitedUserId));
  }
  type Row = Awaited<ReturnType<ReturnType<typeof loaded>['where']>>[number];
  const toLoaded = (r: Row): LoadedInvite => ({ ...r.invite, folder: r.folder, inviter: r.inviter, invitedUser: r.invitedUser });

  return {
    async insert(tx: Tx, values: typeof folderInvites.$inferInsert): Promise<InviteRow> {
      const [row] = await tx.insert(folderInvites).values(values).returning();
      return row;
    },
    /** The invite behind member `userId`'s own folder-invite notification `notificationId`, or null. */
    async findIdByNotification(userId: number, notificationId: number): Promise<number | null> {
      const [row] = await db
        .select({ inviteId: notifications.inviteId })
        .from(notifications)
        .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId), eq(notifications.type, 'folder_invite')))
        .limit(1);
      return row?.inviteId ?? null;
    },
    /** In `tx`: locks the invite's row (an answer waits for the transaction) and reads its status; null when it is gone. */
    async lockStatus(id: number, tx: Tx): Promise<InviteRow['status'] | null> {
      const [row] = await tx.select({ status: folderInvites.status }).from(folderInvites).where(eq(folderInvites.id, id)).for('update');
      return row?.status ?? null;
    },
    async findLoadedById(id: number): Promise<LoadedInvite | null> {
      const [row] = await loaded().where(eq(folderInvites.id, id)).limit(1);
      return row ? toLoaded(row) : null;
    },
    async findByTokenHash(tokenHash: string): Promise<LoadedInvite | null> {
      const [row] = await loaded().where(eq(folderInvites.tokenHash, tokenHash)).limit(1);
      return row ? toLoaded(row) : null;
    },
    /** True when member `userId` has a pending, unexpired invite addressed to them for this folder. */
    async hasPendingFor(folderId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: folderInvites.id })
        .from(folderInvites)
        .where(and(eq(folderInvites.folderId, folderId), eq(folderInvites.invitedUserId, userId), eq(folderInvites.status, 'pending'), gt(folderInvites.expiresAt, sql`now()`)))
        .limit(1);
      return row !== undefined;
    },
    /** Pending and not yet expired, newest first: only pending invites are listed. */
    async listPending(folderId: number): Promise<LoadedInvite[]> {
      const rows = await loaded()
        .where(and(eq(folderInvites.folderId, folderId), eq(folderInvites.status, 'pending'), gt(folderInvites.expiresAt, sql`now()`)))
        .orderBy(desc(folderInvites.id));
      return rows.map(toLoaded);
    },
    /** Ends a pending invite; false when it was no longer pending (someone else acted first). A decline is an answer. */
    async close(tx: Tx, id: number, status: 'declined' | 'revoked', usedBy: number | null): Promise<boolean> {
      const rows = await tx
        .update(folderInvites)
        .set({ status, usedBy, updatedAt: new Date() })
        .where(and(eq(folderInvites.id, id), eq(folderInvites.status, 'pending')))
        .returning({ id: folderInvites.id });
      return rows.length > 0;
    },
    /**
     * Marks the invite used and adds the collaborator (in `tx`). The conditional
     * update lets exactly one acceptance win; an existing collaborator keeps their role.
     */
    async accept(tx: Tx, invite: InviteRow, userId: number): Promise<boolean> {
      const rows = await tx
        .update(folderInvites)
        .set({ status: 'accepted', usedBy: userId, updatedAt: new Date() })
        .where(and(eq(folderInvites.id, invite.id), eq(folderInvites.status, 'pending'), gt(folderInvites.expiresAt, sql`now()`)))
        .returning({ id: folderInvites.id });
      if (!rows.length) return false;
      await tx
        .insert(folderCollaborators)
        .values({ folderId: invite.folderId, userId, role: invite.role, invitedBy: invite.createdBy })
        .onConflictDoNothing();
      return true;
    },
    async countAll(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(folderInvites);
      return row.n;
    },
  };
}
export type InvitesRepo = ReturnType<typeof createInvitesRepo>;
