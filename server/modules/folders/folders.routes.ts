import type { folderEndpoints } from '../../../contract/api/folders';
import { FOLDER_PREVIEW_IMAGES, folderMessages } from '../../../contract/folders';
import { assertCanManage, folderAbilities } from '../../access/folder-access';
import { ForbiddenError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import { presentFiles } from '../files/files.presenter';
import { visibleFolder, type FolderDeps } from './folder-deps';
import { presentFolders, toFolderDto, toPreviewImage } from './folders.presenter';
import { findActiveMember } from '../users/active-member';

type FolderCalls = Pick<
  typeof folderEndpoints,
  'listFolders' | 'createFolder' | 'getFolder' | 'getFolderPreview' | 'getFolderRole' | 'listFolderFiles' | 'updateFolder' | 'deleteFolder' | 'listUserFolders' | 'countUserFolders'
>;

/** The folder calls of spec 2 §7 "Folders"; file links, collaborators and invites have their own files. */
export function folderHandlers(d: FolderDeps): HandlersFor<FolderCalls> {
  return {
    listFolders: async (request) => presentFolders(d.links, await d.folders.listMine(request.user, request.query), request.user),

    createFolder: async (request, reply) => {
      const user = request.user;
      const b = request.body;
      if (b.isAdminOnly && !user.isAdmin) throw new ForbiddenError(folderMessages.adminOnly);
      // Admin-only is a third visibility (spec 2 §2 badge 'Admin'), never public as well.
      const adminOnly = b.isAdminOnly === true;
      const row = await d.folders.insert({ userId: user.id, name: b.name, description: b.description || null, isPublic: adminOnly ? false : (b.isPublic ?? false), isAdminOnly: adminOnly });
      return reply.status(201).send(toFolderDto({ ...row, owner: user, collaboratorRole: null }, 0, user));
    },

    getFolder: async (request) => {
      const folder = await visibleFolder(d, request.params.id, request.user);
      const [dto] = await presentFolders(d.links, [folder], request.user);
      return dto;
    },

    getFolderPreview: async (request) => {
      const viewer = request.user;
      const folder = await visibleFolder(d, request.params.id, viewer);
      const [dto] = await presentFolders(d.links, [folder], viewer);
      const images = await d.links.findPreviewImages(folder.id, viewer, FOLDER_PREVIEW_IMAGES);
      return { folder: dto, previewImages: images.map(toPreviewImage) };
    },

    getFolderRole: async (request) => {
      const folder = await visibleFolder(d, request.params.id, request.user);
      return folderAbilities(folder, request.user);
    },

    listFolderFiles: async (request) => {
      const viewer = request.user;
      const folder = await visibleFolder(d, request.params.id, viewer);
      return presentFiles(d.files, await d.links.idsInFolder(folder.id, viewer, request.query), viewer);
    },

    updateFolder: async (request) => {
      const user = request.user;
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      const b = request.body;
      if (b.isAdminOnly !== undefined && !user.isAdmin) throw new ForbiddenError(folderMessages.adminOnly);
      await d.folders.update(folder.id, {
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.description !== undefined ? { description: b.description || null } : {}),
        ...(b.isPublic !== undefined ? { isPublic: b.isPublic } : {}),
        ...(b.isAdminOnly !== undefined ? { isAdminOnly: b.isAdminOnly } : {}),
      });
      const [dto] = await presentFolders(d.links, [await visibleFolder(d, folder.id, user)], user);
      return dto;
    },

    deleteFolder: async (request) => {
      const user = request.user;
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      await d.folders.delete(folder.id);
      return { message: 'Folder deleted' };
    },

    // A member's folders on their profile: only what this viewer may see, so counts never leak.
    // Profiles are for members only: a visitor gets 401 here too, and cannot enumerate members by id.
    listUserFolders: async (request) => {
      const owner = await findActiveMember(d.users, request.params.id);
      return presentFolders(d.links, await d.folders.listOfOwner(owner.id, request.user, request.query), request.user);
    },

    countUserFolders: async (request) => {
      const owner = await findActiveMember(d.users, request.params.id);
      return { count: await d.folders.countOfOwner(owner.id, request.user) };
    },
  };
}
