import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParam, messageResponse } from '../../../contract/common';
import { addCollaboratorBody, collaboratorDto, collaboratorList, collaboratorParams, folderMessages, updateCollaboratorBody } from '../../../contract/folders';
import { assertCanManage, folderRoleOf } from '../../access/folder-access';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { folderTags as tags, visibleFolder, type FolderDeps } from './folder-deps';
import { findActiveMember } from '../users/active-member';
import { ownerCollaborator, toCollaboratorDto } from './folders.presenter';

const refusals = { 403: errorResponse, 404: errorResponse };

/** Collaborators: listed to the folder's members; managed by its owner; the OWNER row is fixed. */
export async function collaboratorsRoutes(app: FastifyInstance, d: FolderDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function present(folderId: number, userId: number) {
    const row = (await d.collaborators.listOfFolder(folderId)).find((c) => c.userId === userId);
    if (!row) throw new NotFoundError(folderMessages.collaboratorNotFound);
    return toCollaboratorDto(row);
  }

  r.get('/api/folders/:id/collaborators', { schema: { tags, params: idParam, response: { 200: collaboratorList, ...refusals } } }, async (request) => {
    const user = requireUser(request);
    const folder = await visibleFolder(d, request.params.id, user);
    // Who works on a folder is for its members; a public folder's visitors see its files only.
    if (!folderRoleOf(folder, user)) throw new ForbiddenError(folderMessages.notMember);
    const rows = await d.collaborators.listOfFolder(folder.id);
    return [ownerCollaborator(folder), ...rows.map(toCollaboratorDto)];
  });

  r.post(
    '/api/folders/:id/collaborators',
    { config: { budget: 'collaborator', recipient: (q) => (q.body as { userId: number }).userId }, schema: { tags, params: idParam, body: addCollaboratorBody, response: { 201: collaboratorDto, 400: errorResponse, ...refusals } } },
    async (request, reply) => {
      const user = requireUser(request);
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      const member = await findActiveMember(d.users, request.body.userId);
      if (member.id === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
      await d.collaborators.upsert(folder.id, member.id, request.body.role, user.id);
      return reply.status(201).send(await present(folder.id, member.id));
    },
  );

  r.patch(
    '/api/folders/:id/collaborators/:userId',
    { schema: { tags, params: collaboratorParams, body: updateCollaboratorBody, response: { 200: collaboratorDto, ...refusals } } },
    async (request) => {
      const user = requireUser(request);
      const folder = await visibleFolder(d, request.params.id, user);
      assertCanManage(folder, user);
      if (request.params.userId === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
      if (!(await d.collaborators.setRole(folder.id, request.params.userId, request.body.role))) throw new NotFoundError(folderMessages.collaboratorNotFound);
      return present(folder.id, request.params.userId);
    },
  );

  // The owner removes anyone but themselves; a collaborator may also leave on their own.
  r.delete('/api/folders/:id/collaborators/:userId', { schema: { tags, params: collaboratorParams, response: { 200: messageResponse, ...refusals } } }, async (request) => {
    const user = requireUser(request);
    const folder = await visibleFolder(d, request.params.id, user);
    if (request.params.userId === folder.userId) throw new ForbiddenError(folderMessages.ownerRoleFixed);
    if (request.params.userId !== user.id) assertCanManage(folder, user);
    if (!(await d.collaborators.remove(folder.id, request.params.userId))) throw new NotFoundError(folderMessages.collaboratorNotFound);
    return { message: 'Collaborator removed' };
  });
}
