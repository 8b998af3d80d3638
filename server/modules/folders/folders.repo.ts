import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { folderCollaborators, folders, users } from '../../db/schema/index';
import { collaboratorRoleSql, visibleFoldersSql } from '../../access/folder-access';
import type { Viewer } from '../../access/visibility';
import type { UserRow } from '../users/users.repo';

export type FolderRow = typeof folders.$inferSelect;
export type NewFolder = typeof folders.$inferInsert;
export type FolderChanges = Partial<Pick<NewFolder, 'name' | 'description' | 'isPublic' | 'isAdminOnly'>>;
/** A folder as one viewer loads it: its owner and the viewer's stored collaborator role. */
export type LoadedFolder = FolderRow & { owner: UserRow; collaboratorRole: 'EDITOR' | 'VIEWER' | null };

/**
 * Folder rows; every read takes the viewer so the folder rule is in the query itself. The writes
 * run in their caller's transaction, which records their event (folder-writes.ts). Folders by
 * id are read on `once` (planned once for any ids).
 */
export function createFoldersRepo(db: Db, once: Db) {
  function loadQuery(on: Db, viewer: Viewer, where: SQL) {
    return on
      .select({ folder: folders, owner: users, collaboratorRole: collaboratorRoleSql(viewer) })
      .from(folders)
      .innerJoin(users, eq(users.id, folders.userId))
      .where(and(where, visibleFoldersSql(viewer)))
      .orderBy(desc(folders.id));
  }
  const loaded = (rows: Awaited<ReturnType<typeof loadQuery>>): LoadedFolder[] =>
    rows.map((r) => ({ ...r.folder, owner: r.owner, collaboratorRole: r.collaboratorRole }));
  async function loadWhere(viewer: Viewer, where: SQL, page?: { offset: number; limit: number }): Promise<LoadedFolder[]> {
    const q = loadQuery(db, viewer, where);
    return loaded(page ? await q.limit(page.limit).offset(page.offset) : await q);
  }

  return {
    async insert(tx: Tx, values: NewFolder): Promise<FolderRow> {
      const [row] = await tx.insert(folders).values(values).returning();
      return row;
    },
    /** The folder if this viewer may see it, else null (the route answers the one 404). */
    async findVisible(id: number, viewer: Viewer): Promise<LoadedFolder | null> {
      const [row] = await loadWhere(viewer, eq(folders.id, id));
      return row ?? null;
    },
    /** Many folders by id, those the viewer may see, newest first. */
    async findVisibleByIds(ids: number[], viewer: Viewer): Promise<LoadedFolder[]> {
      if (!ids.length) return [];
      // By primary key: one plan suits any ids, planned once (server/db/generic-plans.ts).
      return loaded(await loadQuery(once, viewer, inArray(folders.id, ids)));
    },
    /** `listFolders`: the member's own folders and those they collaborate on. */
    async listMine(viewer: NonNullable<Viewer>, page: { offset: number; limit: number }): Promise<LoadedFolder[]> {
      const mine = sql`(${folders.userId} = ${viewer.id} or exists (select 1 from folder_collaborators fc where fc.folder_id = ${folders.id} and fc.user_id = ${viewer.id}))`;
      return loadWhere(viewer, mine, page);
    },
    /**
     * `listSharedFolders`: folders of others this member collaborates on, the newest share
     * first. Admin-only folders stay out, as the folder rule says (visibleFoldersSql).
     */
    async listSharedWith(viewer: NonNullable<Viewer>, page: { offset: number; limit: number }): Promise<LoadedFolder[]> {
      const rows = await db
        .select({ folder: folders, owner: users, collaboratorRole: folderCollaborators.role })
        .from(folderCollaborators)
        .innerJoin(folders, eq(folders.id, folderCollaborators.folderId))
        .innerJoin(users, eq(users.id, folders.userId))
        .where(and(eq(folderCollaborators.userId, viewer.id), ne(folders.userId, viewer.id), visibleFoldersSql(viewer)))
        .orderBy(desc(folderCollaborators.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((r) => ({ ...r.folder, owner: r.owner, collaboratorRole: r.collaboratorRole }));
    },
    /** A member's own folders, as much of them as this viewer may see (a profile). */
    async listOfOwner(ownerId: number, viewer: Viewer, page: { offset: number; limit: number }): Promise<LoadedFolder[]> {
      return loadWhere(viewer, eq(folders.userId, ownerId), page);
    },
    async countOfOwner(ownerId: number, viewer: Viewer): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(folders)
        .where(and(eq(folders.userId, ownerId), visibleFoldersSql(viewer)));
      return row.n;
    },
    async update(tx: Tx, id: number, values: FolderChanges): Promise<void> {
      await tx.update(folders).set({ ...values, updatedAt: new Date() }).where(eq(folders.id, id));
    },
    /** The folder, its links, collaborators and invites go (cascade); the files stay. */
    async delete(tx: Tx, id: number): Promise<void> {
      await tx.delete(folders).where(eq(folders.id, id));
    },
  };
}
export type FoldersRepo = ReturnType<typeof createFoldersRepo>;
