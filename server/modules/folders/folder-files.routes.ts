import type { folderEndpoints } from '../../../contract/api/folders';
import { assertCanEditFiles } from '../../access/folder-access';
import { findVisibleFile, type Viewer } from '../../access/visibility';
import type { HandlersFor } from '../../plugins/endpoints';
import type { UserRow } from '../users/users.repo';
import { visibleFolder, type FolderDeps } from './folder-deps';
import { presentFolders } from './folders.presenter';

type LinkCalls = Pick<typeof folderEndpoints, 'addFolderFile' | 'removeFolderFile' | 'listFileFolders' | 'addFileFolder' | 'removeFileFolder'>;

/** File↔folder links, from either side (spec 2 §7). Adding and removing are idempotent. */
export function folderFileHandlers(d: FolderDeps): HandlersFor<LinkCalls> {
  /** Owner and editors add files they may see; the folder is checked first (404, then 403). */
  async function add(folderId: number, fileId: number, viewer: UserRow) {
    const folder = await visibleFolder(d, folderId, viewer);
    assertCanEditFiles(folder, viewer);
    const file = await findVisibleFile(d.files, fileId, viewer);
    // A new link commits with its `file.saved` event, whose handler tells the file's owner.
    await d.links.link(folder.id, file.id, viewer.id);
    return { folderId: folder.id, fileId: file.id, linked: true };
  }

  /** Removing needs no sight of the file: an owner may clear a file its owner has since hidden. */
  async function remove(folderId: number, fileId: number, viewer: NonNullable<Viewer>) {
    const folder = await visibleFolder(d, folderId, viewer);
    assertCanEditFiles(folder, viewer);
    await d.links.unlink(folder.id, fileId);
    return { folderId: folder.id, fileId, linked: false };
  }

  return {
    addFolderFile: async (request) => add(request.params.id, request.body.fileId, request.user),
    removeFolderFile: async (request) => remove(request.params.id, request.params.fileId, request.user),
    listFileFolders: async (request) => {
      const viewer = request.user;
      const file = await findVisibleFile(d.files, request.params.id, viewer);
      const list = await d.folders.findVisibleByIds(await d.links.idsOfFoldersHolding(file.id, viewer), viewer);
      return presentFolders(d.links, list, viewer);
    },
    addFileFolder: async (request) => add(request.body.folderId, request.params.id, request.user),
    removeFileFolder: async (request) => remove(request.params.folderId, request.params.fileId, request.user),
  };
}
