import type { folderEndpoints } from '../../../contract/api/folders';
import type { HandlersFor } from '../../plugins/endpoints';
import type { FolderFileService } from './folder-files.service';
import { presentFolders } from './folders.presenter';

type LinkCalls = Pick<typeof folderEndpoints, 'addFolderFile' | 'removeFolderFile' | 'listFileFolders' | 'addFileFolder' | 'removeFileFolder'>;

/** File↔folder links, from either side (the rules: folder-files.service.ts). */
export function folderFileHandlers(d: { folderFiles: FolderFileService }): HandlersFor<LinkCalls> {
  const links = d.folderFiles;
  return {
    addFolderFile: async (request) => links.add(request.params.id, request.body.fileId, request.user),
    removeFolderFile: async (request) => links.remove(request.params.id, request.params.fileId, request.user),
    listFileFolders: async (request) => presentFolders(links, await links.foldersHolding(request.params.id, request.user), request.user),
    addFileFolder: async (request) => links.add(request.body.folderId, request.params.id, request.user),
    removeFileFolder: async (request) => links.remove(request.params.folderId, request.params.fileId, request.user),
  };
}
