import { FOLDER_PREVIEW_IMAGES, folderMessages, type CreateFolderBody, type FolderAbilities, type UpdateFolderBody } from '../../../contract/folders';
import { assertCanManage, folderAbilities } from '../../access/folder-access';
import type { Viewer } from '../../access/visibility';
import { ForbiddenError } from '../../lib/errors';
import { findActiveMember } from '../users/active-member';
import type { UserRow } from '../users/users.repo';
import { visibleFolder, type FolderDeps } from './folder-deps';
import type { LoadedFolder } from './folders.repo';

type Member = NonNullable<Viewer>;
type Page = { offset: number; limit: number };

/**
 * Folders: who sees one (server/access/folder-access.ts), who may change it, and what a listing
 * holds. Every read answers the one 404 for a folder this viewer may not see.
 */
export function createFolderService(d: Pick<FolderDeps, 'folders' | 'links' | 'files' | 'users'>) {
  return {
    /** Each folder's count of files this viewer may see, in one query (folders.presenter.ts). */
    countVisible: d.links.countVisible,
    /** Cards of the files a folder listing named (files.presenter.ts). */
    hydrate: d.files.hydrate,

    visible: (id: number, viewer: Viewer): Promise<LoadedFolder> => visibleFolder(d, id, viewer),

    listMine: (member: Member, page: Page) => d.folders.listMine(member, page),
    listSharedWith: (member: Member, page: Page) => d.folders.listSharedWith(member, page),

    async create(owner: UserRow, b: CreateFolderBody): Promise<LoadedFolder> {
      if (b.isAdminOnly && !owner.isAdmin) throw new ForbiddenError(folderMessages.adminOnly);
      // Admin-only is a third visibility, never public as well.
      const adminOnly = b.isAdminOnly === true;
      const row = await d.folders.insert({ userId: owner.id, name: b.name, description: b.description || null, isPublic: adminOnly ? false : (b.isPublic ?? false), isAdminOnly: adminOnly });
      return { ...row, owner, collaboratorRole: null };
    },

    async preview(id: number, viewer: Viewer) {
      const folder = await visibleFolder(d, id, viewer);
      return { folder, images: await d.links.findPreviewImages(folder.id, viewer, FOLDER_PREVIEW_IMAGES) };
    },

    async role(id: number, viewer: Viewer): Promise<FolderAbilities> {
      return folderAbilities(await visibleFolder(d, id, viewer), viewer);
    },

    async fileIds(id: number, viewer: Viewer, page: Page): Promise<number[]> {
      const folder = await visibleFolder(d, id, viewer);
      return d.links.idsInFolder(folder.id, viewer, page);
    },

    /** The owner's (or an admin's) changes; admin-only is for admins to set. Answers the folder as it now is. */
    async update(id: number, member: Member, b: UpdateFolderBody): Promise<LoadedFolder> {
      const folder = await visibleFolder(d, id, member);
      assertCanManage(folder, member);
      if (b.isAdminOnly !== undefined && !member.isAdmin) throw new ForbiddenError(folderMessages.adminOnly);
      await d.folders.update(folder.id, {
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.description !== undefined ? { description: b.description || null } : {}),
        ...(b.isPublic !== undefined ? { isPublic: b.isPublic } : {}),
        ...(b.isAdminOnly !== undefined ? { isAdminOnly: b.isAdminOnly } : {}),
      });
      return visibleFolder(d, folder.id, member);
    },

    async remove(id: number, member: Member): Promise<void> {
      const folder = await visibleFolder(d, id, member);
      assertCanManage(folder, member);
      await d.folders.delete(folder.id);
    },

    // A member's folders on their profile: only what this viewer may see, so counts never leak.
    // Profiles are for members only: a visitor gets 401 here too, and cannot enumerate members by id.
    async listOfOwner(ownerId: number, viewer: Member, page: Page): Promise<LoadedFolder[]> {
      const owner = await findActiveMember(d.users, ownerId, viewer);
      return d.folders.listOfOwner(owner.id, viewer, page);
    },

    async countOfOwner(ownerId: number, viewer: Member): Promise<number> {
      const owner = await findActiveMember(d.users, ownerId, viewer);
      return d.folders.countOfOwner(owner.id, viewer);
    },
  };
}
export type FolderService = ReturnType<typeof createFolderService>;
