import { folderMessages, type CollaboratorRole } from '../../../contract/folders';
import { assertCanManage, folderRoleOf } from '../../access/folder-access';
import type { Viewer } from '../../access/visibility';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { findActiveMember } from '../users/active-member';
import type { LoadedCollaborator } from './collaborators.repo';
import { visibleFolder, type FolderDeps } from './folder-deps';
import type { LoadedFolder } from './folders.repo';

type Member = NonNullable<Viewer>;

/** Collaborators: listed to the folder's members; managed by its owner; the OWNER row is fixed. */
export function createCollaboratorService(d: Pick<FolderDeps, 'folders' | 'collaborators' | 'users'>) {
  async function one(folderId: number, userId: number): Promise<LoadedCollaborator> {
    const row = (await d.collaborators.listOfFolder(folderId)).find((c) => c.userId === userId);
    if (!row) throw new NotFoundError(folderMessages.collaboratorNotFound);
    return row;
  }

  return {
    /** The folder (its owner heads the list) and its collaborators. */
    async list(folderId: number, member: Member): Promise<{ folder: LoadedFolder; rows: LoadedCollaborator[] }> {
      const folder = await visibleFolder(d, folderId, member);
      // Who works on a folder is for its members; a public folder's visitors see its files only.
      if (!folderRoleOf(folder, member)) throw new ForbiddenError(folderMessages.notMember);
      return { folder, rows: await d.collaborators.listOfFolder(folder.id) };
    },

    async add(folderId: number, member: Member, userId: number, role: CollaboratorRole): Promise<LoadedCollaborator> {
      const folder = await visibleFolder(d, folderId, member);
      assertCanManage(folder, member);
      const added = await findActiveMember(d.users, userId, member);
      if (added.id === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
      await d.collaborators.upsert(folder.id, added.id, role, member.id);
      return one(folder.id, added.id);
    },

    async setRole(folderId: number, member: Member, userId: number, role: CollaboratorRole): Promise<LoadedCollaborator> {
      const folder = await visibleFolder(d, folderId, member);
      assertCanManage(folder, member);
      if (userId === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
      if (!(await d.collaborators.setRole(folder.id, userId, role))) throw new NotFoundError(folderMessages.collaboratorNotFound);
      return one(folder.id, userId);
    },

    // The owner removes anyone but themselves; a collaborator may also leave on their own.
    async remove(folderId: number, member: Member, userId: number): Promise<void> {
      const folder = await visibleFolder(d, folderId, member);
      if (userId === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
      if (userId !== member.id) assertCanManage(folder, member);
      if (!(await d.collaborators.remove(folder.id, userId))) throw new NotFoundError(folderMessages.collaboratorNotFound);
    },
  };
}
export type CollaboratorService = ReturnType<typeof createCollaboratorService>;
