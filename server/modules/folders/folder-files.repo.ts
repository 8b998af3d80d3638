import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { files, folderFiles, folders } from '../../db/schema/index';
import { visibleFoldersSql } from '../../access/folder-access';
import { visibleFilesSql, type Viewer } from '../../access/visibility';

/**
 * Links between folders and files; file lists always pass through the file visibility rule. The
 * writes run in their caller's transaction, which records their event (folder-writes.ts; an
 * upload into a folder links in the upload's own transaction).
 */
export function createFolderFilesRepo(db: Db) {
  return {
    /**
     * Idempotent: the unique (folder, file) pair with ON CONFLICT DO NOTHING leaves one link
     * however many members add the same file at once. True when this call made the link.
     */
    async link(tx: Tx, folderId: number, fileId: number, addedBy: number): Promise<boolean> {
      const rows = await tx.insert(folderFiles).values({ folderId, fileId, addedBy }).onConflictDoNothing().returning({ id: folderFiles.id });
      if (!rows.length) return false;
      await tx.update(folders).set({ updatedAt: new Date() }).where(eq(folders.id, folderId));
      return true;
    },
    async unlink(tx: Tx, folderId: number, fileId: number): Promise<boolean> {
      const rows = await tx
        .delete(folderFiles)
        .where(and(eq(folderFiles.folderId, folderId), eq(folderFiles.fileId, fileId)))
        .returning({ id: folderFiles.id });
      if (rows.length) await tx.update(folders).set({ updatedAt: new Date() }).where(eq(folders.id, folderId));
      return rows.length > 0;
    },
    /** A page of the folder's files this viewer may see, newest first. */
    async idsInFolder(folderId: number, viewer: Viewer, page: { offset: number; limit: number }): Promise<number[]> {
      const rows = await db
        .select({ id: files.id })
        .from(folderFiles)
        .innerJoin(files, eq(files.id, folderFiles.fileId))
        .where(and(eq(folderFiles.folderId, folderId), visibleFilesSql(viewer)))
        .orderBy(desc(files.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((r) => r.id);
    },
    /** The preview cover: the newest images the viewer may see. */
    async findPreviewImages(folderId: number, viewer: Viewer, limit: number) {
      return db
        .select({ id: files.id, name: files.name, webpKey: files.webpKey, storageKey: files.storageKey, thumbnailKey: files.thumbnailKey, placeholder: files.placeholder })
        .from(folderFiles)
        .innerJoin(files, eq(files.id, folderFiles.fileId))
        .where(and(eq(folderFiles.folderId, folderId), eq(files.kind, 'image'), visibleFilesSql(viewer)))
        .orderBy(desc(files.id))
        .limit(limit);
    },
    /** How many files of each folder this viewer may see (a hidden file is not counted). */
    async countVisible(folderIds: number[], viewer: Viewer): Promise<Map<number, number>> {
      if (!folderIds.length) return new Map();
      const rows = await db
        .select({ folderId: folderFiles.folderId, n: sql<number>`count(*)::int` })
        .from(folderFiles)
        .innerJoin(files, eq(files.id, folderFiles.fileId))
        .where(and(inArray(folderFiles.folderId, folderIds), visibleFilesSql(viewer)))
        .groupBy(folderFiles.folderId);
      return new Map(rows.map((r) => [r.folderId, r.n]));
    },
    /** The folders holding a file that this viewer may see (never a hidden folder's id). */
    async idsOfFoldersHolding(fileId: number, viewer: Viewer): Promise<number[]> {
      const rows = await db
        .select({ id: folders.id })
        .from(folderFiles)
        .innerJoin(folders, eq(folders.id, folderFiles.folderId))
        .where(and(eq(folderFiles.fileId, fileId), visibleFoldersSql(viewer)))
        .orderBy(desc(folders.id));
      return rows.map((r) => r.id);
    },
  };
}
export type FolderFilesRepo = ReturnType<typeof createFolderFilesRepo>;
