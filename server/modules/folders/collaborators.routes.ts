import type { folderEndpoints } from '../../../contract/api/folders';
import { folderMessages } from '../../../contract/folders';
import { assertCanManage, folderRoleOf } from '../../access/folder-access';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import { visibleFolder, type FolderDeps } from './folder-deps';
import { findActiveMember } from '../users/active-member';
import { ownerCollaborator, toCollaboratorDto } from './folders.presenter';

type CollaboratorCalls = Pick<typeof folderEndpoints, 'listCollaborators' | 'addCollaborator' | 'updateCollaborator' | 'removeCollaborator'>;

/** Collaborators: listed to the folder's members; managed by its owner; the OWNER row is fixed. */
export function collaboratorHandlers(d: FolderDeps): HandlersFor<CollaboratorCalls> {
  async function present(folderId: number, userId: number) {
    const row = (await d.collaborators.listOfFolder(folderId)).find((c) => c.userId === userId);
    if (!row) throw new NotFoundError(folderMessages.collaboratorNotFound);
    return toCollaboratorDto(row);
  }

  return {
    listCollaborators: async (request) => {
      const user = request.user;
      const folder = await visibleFolder(d, request.params.id, user);
      // Who works on a folder is for its members; a public folder's visitors see its files only.
      if (!folderRoleOf(folder, user)) throw new ForbiddenError(folderMessages.notMember);
      const rows = await d.collaborators.listOfFolder(folder.id);
      return [ownerCollaborator(folder), ...rows.map(toCollaboratorDto)];
    },

    addCollaborator: async (request, reply) => {
      const user = request.user;
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      const member = await findActiveMember(d.users, request.body.userId);
      if (member.id === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
      await d.collaborators.upsert(folder.id, member.id, request.body.role, user.id);
      return reply.status(201).send(await present(folder.id, member.id));
    },

    updateCollaborator: async (request) => {
      const user = request.user;
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      if (request.params.userId === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
      if (!(await d.collaborators.setRole(folder.id, request.params.userId, request.body.role))) throw new NotFoundError(folderMessages.collaboratorNotFound);
      return present(folder.id, request.params.userId);
    },

    // The owner removes anyone but themselves; a collaborator may also leave on their own.
    removeCollaborator: async (request) => {
      const user = request.user;
      const folder = await visibleFolder(d, request.params.id, user);
      if (request.params.userId === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
      if (request.params.userId !== user.id) assertCanManage(folder, user);
      if (!(await d.collaborators.remove(folder.id, request.params.userId))) throw new NotFoundError(folderMessages.collaboratorNotFound);
      return { message: 'Collaborator removed' };
    },
  };
}
