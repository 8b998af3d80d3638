import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParam } from '../../../contract/common';
import { addFileFolderBody, addFolderFileBody, fileFolderParams, folderFileLink, folderFileParams, folderList } from '../../../contract/folders';
import { assertCanEditFiles } from '../../access/folder-access';
import { findVisibleFile, type Viewer } from '../../access/visibility';
import { requireUser } from '../../plugins/session';
import type { UserRow } from '../users/users.repo';
import { folderTags as tags, visibleFolder, type FolderDeps } from './folder-deps';
import { presentFolders } from './folders.presenter';

const refusals = { 403: errorResponse, 404: errorResponse };

/** File↔folder links, from either side (spec 2 §7). Adding and removing are idempotent. */
export async function folderFilesRoutes(app: FastifyInstance, d: FolderDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

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

  r.post('/api/folders/:id/files', { config: { budget: 'save' }, schema: { tags, params: idParam, body: addFolderFileBody, response: { 200: folderFileLink, ...refusals } } }, async (request) =>
    add(request.params.id, request.body.fileId, requireUser(request)),
  );

  r.delete('/api/folders/:id/files/:fileId', { schema: { tags, params: folderFileParams, response: { 200: folderFileLink, ...refusals } } }, async (request) =>
    remove(request.params.id, request.params.fileId, requireUser(request)),
  );

  r.get('/api/files/:id/folders', { schema: { tags, params: idParam, response: { 200: folderList, 404: errorResponse } } }, async (request) => {
    const viewer = request.user;
    const file = await findVisibleFile(d.files, request.params.id, viewer);
    const list = await d.folders.findVisibleByIds(await d.links.idsOfFoldersHolding(file.id, viewer), viewer);
    return presentFolders(d.links, list, viewer);
  });

  r.post('/api/files/:id/folders', { config: { budget: 'save' }, schema: { tags, params: idParam, body: addFileFolderBody, response: { 200: folderFileLink, ...refusals } } }, async (request) =>
    add(request.body.folderId, request.params.id, requireUser(request)),
  );

  r.delete('/api/files/:fileId/folders/:folderId', { schema: { tags, params: fileFolderParams, response: { 200: folderFileLink, ...refusals } } }, async (request) =>
    remove(request.params.folderId, request.params.fileId, requireUser(request)),
  );
}
