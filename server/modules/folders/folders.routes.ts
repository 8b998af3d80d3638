import type { folderEndpoints } from '../../../contract/api/folders';
import type { HandlersFor } from '../../plugins/endpoints';
import { presentFiles } from '../files/files.presenter';
import { presentFolders, toFolderDto, toPreviewImage } from './folders.presenter';
import type { FolderService } from './folders.service';

type FolderCalls = Pick<
  typeof folderEndpoints,
  'listFolders' | 'listSharedFolders' | 'createFolder' | 'getFolder' | 'getFolderPreview' | 'getFolderRole' | 'listFolderFiles' | 'updateFolder' | 'deleteFolder' | 'listUserFolders' | 'countUserFolders'
>;

/** The folder calls; file links, collaborators and invites have their own files. */
export function folderHandlers(d: { folders: FolderService }): HandlersFor<FolderCalls> {
  const folders = d.folders;
  return {
    listFolders: async (request) => presentFolders(folders, await folders.listMine(request.user, request.query), request.user),

    listSharedFolders: async (request) => presentFolders(folders, await folders.listSharedWith(request.user, request.query), request.user),

    createFolder: async (request, reply) => {
      const folder = await folders.create(request.user, request.body);
      return reply.status(201).send(toFolderDto(folder, 0, request.user));
    },

    getFolder: async (request) => {
      const [dto] = await presentFolders(folders, [await folders.visible(request.params.id, request.user)], request.user);
      return dto;
    },

    getFolderPreview: async (request) => {
      const { folder, images } = await folders.preview(request.params.id, request.user);
      const [dto] = await presentFolders(folders, [folder], request.user);
      return { folder: dto, previewImages: images.map(toPreviewImage) };
    },

    getFolderRole: async (request) => folders.role(request.params.id, request.user),

    listFolderFiles: async (request) => presentFiles(folders, await folders.fileIds(request.params.id, request.user, request.query), request.user),

    updateFolder: async (request) => {
      const [dto] = await presentFolders(folders, [await folders.update(request.params.id, request.user, request.body)], request.user);
      return dto;
    },

    deleteFolder: async (request) => {
      await folders.remove(request.params.id, request.user);
      return { message: 'Folder deleted' };
    },

    listUserFolders: async (request) => presentFolders(folders, await folders.listOfOwner(request.params.id, request.user, request.query), request.user),

    countUserFolders: async (request) => ({ count: await folders.countOfOwner(request.params.id, request.user) }),
  };
}
