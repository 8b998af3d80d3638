import { assertCanEditFiles } from '../../access/folder-access';
import { findVisibleFile, type Viewer } from '../../access/visibility';
import type { UserRow } from '../users/users.repo';
import { visibleFolder, type FolderDeps } from './folder-deps';
import type { LoadedFolder } from './folders.repo';

/** File↔folder links, from either side. Adding and removing are idempotent. */
export function createFolderFileService(d: Pick<FolderDeps, 'folders' | 'links' | 'files'>) {
  return {
    /** Each folder's count of files this viewer may see (folders.presenter.ts). */
    countVisible: d.links.countVisible,

    /** Owner and editors add files they may see; the folder is checked first (404, then 403). */
    async add(folderId: number, fileId: number, viewer: UserRow) {
      const folder = await visibleFolder(d, folderId, viewer);
      assertCanEditFiles(folder, viewer);
      const file = await findVisibleFile(d.files, fileId, viewer);
      // A new link commits with its `file.saved` event, whose handler tells the file's owner.
      await d.links.link(folder.id, file.id, viewer.id);
      return { folderId: folder.id, fileId: file.id, linked: true };
    },

    /** Removing needs no sight of the file: an owner may clear a file its owner has since hidden. */
    async remove(folderId: number, fileId: number, viewer: NonNullable<Viewer>) {
      const folder = await visibleFolder(d, folderId, viewer);
      assertCanEditFiles(folder, viewer);
      await d.links.unlink(folder.id, fileId);
      return { folderId: folder.id, fileId, linked: false };
    },

    /** The folders holding a file this viewer may see, as far as they may see them. */
    async foldersHolding(fileId: number, viewer: Viewer): Promise<LoadedFolder[]> {
      const file = await findVisibleFile(d.files, fileId, viewer);
      return d.folders.findVisibleByIds(await d.links.idsOfFoldersHolding(file.id, viewer), viewer);
    },
  };
}
export type FolderFileService = ReturnType<typeof createFolderFileService>;
