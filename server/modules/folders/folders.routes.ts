import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam, messageResponse, pageQuery } from '../../../contract/common';
import { fileDto } from '../../../contract/files';
import {
  createFolderBody,
  FOLDER_PREVIEW_IMAGES,
  folderCountResponse,
  folderDto,
  folderList,
  folderMessages,
  folderPreviewResponse,
  folderRoleResponse,
  updateFolderBody,
} from '../../../contract/folders';
import { assertCanManage, folderAbilities } from '../../access/folder-access';
import { ForbiddenError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { presentFiles } from '../files/files.presenter';
import { folderTags as tags, visibleFolder, type FolderDeps } from './folder-deps';
import { presentFolders, toFolderDto, toPreviewImage } from './folders.presenter';
import { findActiveMember } from '../users/active-member';

const notFound = { 404: errorResponse };

/** The folder calls of spec 2 §7 "Folders"; file links, collaborators and invites have their own files. */
export async function foldersRoutes(app: FastifyInstance, d: FolderDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/folders', { schema: { tags, querystring: pageQuery, response: { 200: folderList, 401: errorResponse } } }, async (request) => {
    const user = requireUser(request);
    return presentFolders(d.links, await d.folders.listMine(user, request.query), user);
  });

  r.post('/api/folders', { config: { budget: 'folder' }, schema: { tags, body: createFolderBody, response: { 201: folderDto, 400: errorResponse, 403: errorResponse } } }, async (request, reply) => {
    const user = requireUser(request);
    const b = request.body;
    if (b.isAdminOnly && !user.isAdmin) throw new ForbiddenError(folderMessages.adminOnly);
    // Admin-only is a third visibility (spec 2 §2 badge 'Admin'), never public as well.
    const adminOnly = b.isAdminOnly === true;
    const row = await d.folders.insert({ userId: user.id, name: b.name, description: b.description || null, isPublic: adminOnly ? false : (b.isPublic ?? false), isAdminOnly: adminOnly });
    return reply.status(201).send(toFolderDto({ ...row, owner: user, collaboratorRole: null }, 0, user));
  });

  r.get('/api/folders/:id', { schema: { tags, params: idParam, response: { 200: folderDto, ...notFound } } }, async (request) => {
    const folder = await visibleFolder(d, request.params.id, request.user);
    const [dto] = await presentFolders(d.links, [folder], request.user);
    return dto;
  });

  r.get('/api/folders/:id/preview', { schema: { tags, params: idParam, response: { 200: folderPreviewResponse, ...notFound } } }, async (request) => {
    const viewer = request.user;
    const folder = await visibleFolder(d, request.params.id, viewer);
    const [dto] = await presentFolders(d.links, [folder], viewer);
    const images = await d.links.findPreviewImages(folder.id, viewer, FOLDER_PREVIEW_IMAGES);
    return { folder: dto, previewImages: images.map(toPreviewImage) };
  });

  r.get('/api/folders/:id/role', { schema: { tags, params: idParam, response: { 200: folderRoleResponse, ...notFound } } }, async (request) => {
    const folder = await visibleFolder(d, request.params.id, request.user);
    return folderAbilities(folder, request.user);
  });

  r.get(
    '/api/folders/:id/files',
    { schema: { tags, params: idParam, querystring: pageQuery, response: { 200: z.array(fileDto), ...notFound } } },
    async (request) => {
      const viewer = request.user;
      const folder = await visibleFolder(d, request.params.id, viewer);
      return presentFiles(d.files, await d.links.idsInFolder(folder.id, viewer, request.query), viewer);
    },
  );

  r.patch('/api/folders/:id', { schema: { tags, params: idParam, body: updateFolderBody, response: { 200: folderDto, 403: errorResponse, ...notFound } } }, async (request) => {
    const user = requireUser(request);
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
  });

  r.delete('/api/folders/:id', { schema: { tags, params: idParam, response: { 200: messageResponse, 403: errorResponse, ...notFound } } }, async (request) => {
    const user = requireUser(request);
    const folder = await visibleFolder(d, request.params.id, user);
    assertCanManage(folder, user);
    await d.folders.delete(folder.id);
    return { message: 'Folder deleted' };
  });

  // A member's folders on their profile: only what this viewer may see, so counts never leak.
  // Profiles are for members only: a visitor gets 401 here too, and cannot enumerate members by id.
  r.get('/api/users/:id/folders', { schema: { tags, params: idParam, querystring: pageQuery, response: { 200: folderList, 401: errorResponse, ...notFound } } }, async (request) => {
    const viewer = requireUser(request);
    const owner = await findActiveMember(d.users, request.params.id);
    return presentFolders(d.links, await d.folders.listOfOwner(owner.id, viewer, request.query), viewer);
  });

  r.get('/api/users/:id/folders/count', { schema: { tags, params: idParam, response: { 200: folderCountResponse, 401: errorResponse, ...notFound } } }, async (request) => {
    const viewer = requireUser(request);
    const owner = await findActiveMember(d.users, request.params.id);
    return { count: await d.folders.countOfOwner(owner.id, viewer) };
  });
}

