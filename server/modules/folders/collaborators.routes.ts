import type { folderEndpoints } from '../../../contract/api/folders';
import type { HandlersFor } from '../../plugins/endpoints';
import type { CollaboratorService } from './collaborators.service';
import { ownerCollaborator, toCollaboratorDto } from './folders.presenter';

type CollaboratorCalls = Pick<typeof folderEndpoints, 'listCollaborators' | 'addCollaborator' | 'updateCollaborator' | 'removeCollaborator'>;

/** A folder's collaborators (the rules: collaborators.service.ts). */
export function collaboratorHandlers(d: { collaborators: CollaboratorService }): HandlersFor<CollaboratorCalls> {
  const collaborators = d.collaborators;
  return {
    listCollaborators: async (request) => {
      const { folder, rows } = await collaborators.list(request.params.id, request.user);
      return [ownerCollaborator(folder), ...rows.map(toCollaboratorDto)];
    },

    addCollaborator: async (request, reply) => {
      const row = await collaborators.add(request.params.id, request.user, request.body.userId, request.body.role);
      return reply.status(201).send(toCollaboratorDto(row));
    },

    updateCollaborator: async (request) => toCollaboratorDto(await collaborators.setRole(request.params.id, request.user, request.params.userId, request.body.role)),

    removeCollaborator: async (request) => {
      await collaborators.remove(request.params.id, request.user, request.params.userId);
      return { message: 'Collaborator removed' };
    },
  };
}
